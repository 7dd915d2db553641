/*
 * Copyright 2026 The Reprise developers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.reprise.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.desync.StateHashCheck;
import dev.reprise.desync.StateHashRecorder;
import dev.reprise.io.ReplayFile;
import dev.reprise.json.VerdictJson;
import dev.reprise.samples.verify.TowerCorpus;
import dev.reprise.samples.verify.TowerVerification;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/** The examples of docs/verification.md, compiled and run. */
class VerificationExamplesTest {

    // --- docs: a game the verifier can rebuild
    /** A game whose state is a total: ADD adds its param, HASH checks the state hash. */
    static final class TotalGame {
        static final int ADD = 1;
        static final int HASH = 2;

        long total;
        final ReplaySystem system = new ReplaySystem();

        TotalGame() {
            system.registerCommand(ADD, "ADD", ReplayCommand.sync(step -> total += step.intParam(0)));
            system.registerCommand(HASH, "HASH", new StateHashCheck(this::hash));
        }

        long hash() {
            return Long.rotateLeft(total * 0x9E3779B97F4A7C15L, 17);
        }

        /** The game for one replay: reset to a total of 0, hashed by {@link #hash()}. */
        static VerifiableGame forReplay(ReplayFile file) {
            TotalGame game = new TotalGame();
            return VerifiableGame.of(game.system, save -> game.total = 0, game::hash);
        }
    }
    // --- end

    /** Records a game and writes it where the verifier will find it. */
    private static void record(Path file, int... adds) throws IOException {
        TotalGame game = new TotalGame();
        // --- docs: recording a verifiable replay
        StateHashRecorder recorder = new StateHashRecorder(game.system, TotalGame.HASH, 100, game::hash);
        for (int add : adds) {
            recorder.record(TotalGame.ADD, add); // before the game applies it
            game.total += add;
        }
        recorder.recordHash();
        ReplayFile.builder(game.system.saveState()).gameId("example.total").gameBuild("1.0")
                .dictionary(game.system.commandDictionary())
                .metadata("final-state-hash", HexFormat.of().toHexDigits(game.hash()))
                .build()
                .write(file);
        // --- end
    }

    @Test
    void verifyAFolder(@TempDir Path dir) throws IOException {
        record(dir.resolve("a.reprise"), 1, 2, 3);
        record(dir.resolve("b.reprise"), 4, 5);
        Files.write(dir.resolve("c.reprise"), new byte[] {1, 2, 3});

        // --- docs: verifying a folder
        ReplayVerifier verifier = ReplayVerifier.builder(TotalGame::forReplay)
                .gameId("example.total")               // other games' files are INVALID_FILE
                .finalHashKey("final-state-hash")      // the claimed final hash must match, else REJECTED
                .parallelism(2)                        // at most 2 replays decoded and playing at once
                .maxSteps(1_000_000)                   // longer routes are TIMED_OUT
                .timeout(Duration.ofSeconds(30))       // so is a replay taking longer
                .build();

        Flux<ReplaySource> sources = Flux.using(() -> Files.list(dir), Flux::fromStream, Stream::close)
                .map(path -> ReplaySource.of(path.getFileName().toString(), path));

        List<Verdict> verdicts = verifier.verify(sources)
                .doOnNext(verdict -> System.out.println(VerdictJson.write(verdict)))
                .collectList()
                .block(Duration.ofMinutes(1));
        // --- end

        assertThat(verdicts).extracting(Verdict::id, Verdict::outcome).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple("a.reprise", Outcome.VALID),
                org.assertj.core.groups.Tuple.tuple("b.reprise", Outcome.VALID),
                org.assertj.core.groups.Tuple.tuple("c.reprise", Outcome.INVALID_FILE));
    }

    @Test
    void verifyTowerReplays() {
        List<TowerCorpus.Entry> corpus = TowerCorpus.generate(1, 10);
        // --- docs: the tower preset
        ReplayVerifier verifier = TowerVerification.verifier()
                .parallelism(2)
                .accept(TowerVerification.reachedFloor(1)) // the game's own judgement of the final state
                .build();

        Flux<Verdict> verdicts = verifier.verify(Flux.fromIterable(corpus)
                .map(entry -> ReplaySource.of(entry.id(), entry.bytes())));
        // --- end

        StepVerifier.create(verdicts.filter(v -> v.outcome() != corpus.get((int) v.position()).expected()))
                .expectComplete()
                .verify(Duration.ofMinutes(1));
    }
}

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
package dev.reprise.playback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.desync.ReplayDesyncException;
import dev.reprise.route.ReplayArray;
import dev.reprise.samples.tower.TowerCodes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.test.StepVerifier;

/**
 * Desync detection with the sample tower game: a bot's route recorded with state-hash steps replays
 * cleanly; the same route with one move changed fails at the first hash step after the change, naming
 * the last hash step before it.
 */
class TowerDesyncTest {

    private static final int HASH_INTERVAL = 25;

    @ParameterizedTest
    @ValueSource(longs = {3, 17, 2024})
    void intactRoute_replaysWithEveryHashMatching(long seed) {
        TowerSeekFixture fixture = TowerSeekFixture.recordedWithHashes(seed, 4, 800, HASH_INTERVAL);
        assertThat(hashSteps(fixture.system.array())).hasSizeGreaterThan(3);
        ReplaySandbox sandbox = fixture.sandbox(b -> { });
        sandbox.play();
        StepVerifier.create(sandbox.steps()).thenConsumeWhile(step -> true).expectComplete().verify(Duration.ofSeconds(10));
        assertThat(fixture.held()).isEqualTo(fixture.straightPlay().get(fixture.system.array().length()));
    }

    @ParameterizedTest
    @ValueSource(longs = {3, 17, 2024})
    void oneMoveChanged_failsAtTheNextHashStep_namingTheLastMatch(long seed) {
        TowerSeekFixture probe = TowerSeekFixture.recordedWithHashes(seed, 4, 800, HASH_INTERVAL);
        List<Integer> hashes = hashSteps(probe.system.array());
        int length = probe.system.array().length();
        int tried = 0;
        for (int at = length / 3; at < length; at++) {
            int code = probe.system.array().get(at).code();
            if (!TowerCodes.isMove(code)) {
                continue;
            }
            TowerSeekFixture fixture = TowerSeekFixture.recordedWithHashes(seed, 4, 800, HASH_INTERVAL);
            fixture.system.array().set(at, (code + 2) % 4); // the opposite direction
            ReplaySandbox sandbox = fixture.sandbox(b -> { });
            sandbox.play();
            Throwable[] failure = new Throwable[1];
            sandbox.steps().subscribe(step -> { }, error -> failure[0] = error);
            tried++;
            if (failure[0] == null) {
                continue; // the change happened not to matter (e.g. both ways blocked); try the next move
            }
            int corrupted = at;
            int nextHash = hashes.stream().filter(i -> i > corrupted).findFirst().orElseThrow();
            int lastHash = hashes.stream().filter(i -> i < corrupted).reduce((a, b) -> b).orElse(-1);
            assertThat(failure[0]).isInstanceOfSatisfying(ReplayPlaybackException.class, playback -> {
                assertThat(playback.stepIndex()).isEqualTo(nextHash);
                assertThat(playback.code()).isEqualTo(TowerSeekFixture.STATE_HASH);
                assertThat(playback.phase()).isEqualTo(ReplayPlaybackException.Phase.EXECUTE);
            });
            ReplayDesyncException desync = ReplayDesyncException.in(failure[0]).orElseThrow();
            assertThat(desync.stepIndex()).isEqualTo(nextHash);
            assertThat(desync.lastMatchedIndex()).isEqualTo(lastHash);
            assertThat(desync.recordedHash()).isEqualTo(probe.system.array().get(nextHash).longParam(0));
            assertThat(desync.replayedHash()).isNotEqualTo(desync.recordedHash())
                    .isEqualTo(fixture.game.state().stateHash());
            assertThat(desync).hasMessageContaining("step " + nextHash)
                    .hasMessageContaining("steps " + (lastHash + 1) + ".." + (nextHash - 1));
            assertThat(sandbox.state()).isEqualTo(PlaybackState.FAILED);
            return;
        }
        throw new AssertionError("none of " + tried + " changed moves desynced the replay");
    }

    @Test
    void seekingAcrossACorruption_failsTheSeekWithTheDesync() {
        TowerSeekFixture fixture = TowerSeekFixture.recordedWithHashes(17, 4, 800, HASH_INTERVAL);
        int length = fixture.system.array().length();
        int move = -1;
        for (int at = length / 2; move < 0; at++) {
            if (TowerCodes.isMove(fixture.system.array().get(at).code())) {
                move = at;
            }
        }
        fixture.system.array().set(move, (fixture.system.array().get(move).code() + 1) % 4);
        ReplaySandbox fresh = fixture.sandbox(b -> b.snapshots(fixture.snapshots()).checkpointInterval(10));
        Throwable[] failure = new Throwable[1];
        fresh.steps().subscribe(step -> { }, error -> failure[0] = error);
        StepVerifier.create(fresh.seek(length))
                .expectErrorSatisfies(error -> assertThat(ReplayDesyncException.in(error)).isPresent())
                .verify(Duration.ofSeconds(10));
        assertThat(ReplayDesyncException.in(failure[0])).isPresent();
    }

    private static List<Integer> hashSteps(ReplayArray route) {
        List<Integer> indexes = new ArrayList<>();
        for (int i = 0; i < route.length(); i++) {
            if (route.get(i).code() == TowerSeekFixture.STATE_HASH) {
                indexes.add(i);
            }
        }
        return indexes;
    }
}

package dev.reprise.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplaySave;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

class ReplayVerifierTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private static ReplayVerifier.Builder counter() {
        return ReplayVerifier.builder(CounterGame::of).gameId(CounterGame.GAME_ID).parallelism(2);
    }

    private static Verdict verdictOf(ReplayVerifier verifier, ReplaySource source) {
        return verifier.verify(source).block(TIMEOUT);
    }

    @Test
    void verify_validReplay_isValidWithAllStepsPlayed() {
        ReplayFile file = CounterGame.record(5, 1, 2, 3, 4, 5, 6);
        Verdict verdict = verdictOf(counter().finalHashKey(CounterGame.FINAL_KEY).build(),
                ReplaySource.of("ok", file.toBytes()));

        assertThat(verdict.outcome()).as(verdict.reason()).isEqualTo(Outcome.VALID);
        assertThat(verdict.valid()).isTrue();
        assertThat(verdict.id()).isEqualTo("ok");
        assertThat(verdict.stepCount()).isEqualTo(file.route().length());
        assertThat(verdict.stepReached()).isEqualTo(file.route().length());
        assertThat(verdict.expectedHash()).isEqualTo(verdict.actualHash()).isPresent();
        assertThat(verdict.elapsed()).isPositive();
    }

    @Test
    void verify_tamperedHashStep_isDesyncNamingStepAndHashes() {
        ReplayFile file = CounterGame.record(0, 1, 2, 3, 4, 5, 6);
        ReplayFile tampered = edit(file, 6, CounterGame.HASH, 12345L);
        Verdict verdict = verdictOf(counter().build(), ReplaySource.of("desync", tampered));

        assertThat(verdict.outcome()).as(verdict.reason()).isEqualTo(Outcome.DESYNC);
        assertThat(verdict.stepReached()).isEqualTo(6);
        assertThat(verdict.expectedHash()).hasValue(12345L);
        assertThat(verdict.actualHash()).isPresent();
        assertThat(verdict.reason()).contains("step 6");
    }

    @Test
    void verify_alteredInput_isDesyncAtTheNextHashStep() {
        ReplayFile file = CounterGame.record(0, 1, 2, 3, 4, 5, 6);
        ReplayFile altered = edit(file, 1, CounterGame.ADD, 100L); // the second input, checked at step 4
        Verdict verdict = verdictOf(counter().build(), ReplaySource.of("altered", altered));

        assertThat(verdict.outcome()).as(verdict.reason()).isEqualTo(Outcome.DESYNC);
        assertThat(verdict.stepReached()).isEqualTo(4);
    }

    @Test
    void verify_corruptBytes_isInvalidFileNamingTheByte() {
        byte[] bytes = CounterGame.record(0, 1, 2, 3).toBytes();
        bytes[bytes.length - 3] ^= 0x55;
        Verdict verdict = verdictOf(counter().build(), ReplaySource.of("corrupt", bytes));

        assertThat(verdict.outcome()).isEqualTo(Outcome.INVALID_FILE);
        assertThat(verdict.reason()).isNotBlank();
        assertThat(verdict.stepCount()).isZero();
    }

    @Test
    void verify_missingPath_isInvalidFileNamingThePath(@TempDir Path dir) {
        Path missing = dir.resolve("missing.reprise");
        Verdict verdict = verdictOf(counter().build(), ReplaySource.of("missing", missing));

        assertThat(verdict.outcome()).isEqualTo(Outcome.INVALID_FILE);
        assertThat(verdict.reason()).contains("missing.reprise");
    }

    @Test
    void verify_otherGameId_isInvalidFile() {
        ReplayFile file = CounterGame.record(0, 1).toBuilder().gameId("other.game").build();
        Verdict verdict = verdictOf(counter().build(), ReplaySource.of("other", file));

        assertThat(verdict.outcome()).isEqualTo(Outcome.INVALID_FILE);
        assertThat(verdict.reason()).contains("other.game").contains(CounterGame.GAME_ID);
    }

    @Test
    void verify_wrongClaimedFinalHash_isRejectedWithBothHashes() {
        ReplayFile file = CounterGame.record(0, 1, 2).toBuilder().metadata(CounterGame.FINAL_KEY, "ff").build();
        Verdict verdict = verdictOf(counter().finalHashKey(CounterGame.FINAL_KEY).build(),
                ReplaySource.of("rejected", file));

        assertThat(verdict.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(verdict.expectedHash()).hasValue(0xffL);
        assertThat(verdict.actualHash()).hasValue(CounterGame.hashOf(3));
    }

    @Test
    void verify_failingCommand_isFailedNamingStepCodeAndPhase() {
        ReplayFile file = edit(CounterGame.record(0, 1, 2, 3), 2, CounterGame.FAIL);
        Verdict verdict = verdictOf(counter().build(), ReplaySource.of("fails", file));

        assertThat(verdict.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(verdict.stepReached()).isEqualTo(2);
        assertThat(verdict.reason()).contains("step 2").contains("code " + CounterGame.FAIL).contains("execute")
                .contains("told to fail");
    }

    @Test
    void verify_batch_givesOneVerdictPerSourceWithPositions() {
        Flux<ReplaySource> sources = Flux.just(
                ReplaySource.of("a", CounterGame.record(0, 1, 2).toBytes()),
                ReplaySource.of("b", new byte[] {1, 2, 3}),
                ReplaySource.of("c", CounterGame.record(1, 5)));

        StepVerifier.create(counter().build().verify(sources).collectSortedList(
                        (x, y) -> Long.compare(x.position(), y.position())))
                .assertNext(verdicts -> assertThat(verdicts).extracting(Verdict::id, Verdict::position, Verdict::outcome)
                        .containsExactly(
                                org.assertj.core.groups.Tuple.tuple("a", 0L, Outcome.VALID),
                                org.assertj.core.groups.Tuple.tuple("b", 1L, Outcome.INVALID_FILE),
                                org.assertj.core.groups.Tuple.tuple("c", 2L, Outcome.VALID)))
                .expectComplete()
                .verify(TIMEOUT);
    }

    /** A copy of {@code file} with step {@code index} replaced. */
    static ReplayFile edit(ReplayFile file, int index, int code, Object... params) {
        dev.reprise.route.ReplayArray route = new dev.reprise.route.ReplayArray();
        route.loadState(file.route());
        route.set(index, code, params);
        ReplaySave edited = route.saveState();
        return ReplayFile.builder(edited).gameId(file.gameId()).gameBuild(file.gameBuild())
                .metadata(file.metadata()).dictionary(file.dictionary()).build();
    }
}

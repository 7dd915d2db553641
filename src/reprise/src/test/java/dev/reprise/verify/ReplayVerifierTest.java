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

import dev.reprise.command.ReplayCommand;
import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplaySave;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
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
        assertThat(verdict.stepCount()).isEqualTo(file.save().length());
        assertThat(verdict.stepReached()).isEqualTo(file.save().length());
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
    void verify_testCaseWithoutFinalHash_isInvalidUnlessTheVerifierTakesTestCases() {
        ReplayFile recorded = CounterGame.record(0, 1, 2);
        ReplayFile testCase = ReplayFile.builder(recorded.save()).gameId(CounterGame.GAME_ID).gameBuild("1")
                .dictionary(recorded.dictionary()).metadata(CounterGame.START_KEY, "0")
                .metadata(ReplayVerifier.TEST_CASE_KEY, "shrunk").build();

        Verdict upload = verdictOf(counter().finalHashKey(CounterGame.FINAL_KEY).build(),
                ReplaySource.of("upload", testCase));
        Verdict developer = verdictOf(counter().finalHashKey(CounterGame.FINAL_KEY).testCases(true).build(),
                ReplaySource.of("case", testCase));

        assertThat(upload.outcome()).isEqualTo(Outcome.INVALID_FILE);
        assertThat(upload.reason()).contains("claims no final state hash");
        assertThat(developer.outcome()).as(developer.reason()).isEqualTo(Outcome.VALID);
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

    @Test
    void verify_longerThanMaxSteps_isTimedOutAfterTheBudget() {
        ReplayFile file = CounterGame.record(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        Verdict verdict = verdictOf(counter().maxSteps(3).build(), ReplaySource.of("long", file));

        assertThat(verdict.outcome()).isEqualTo(Outcome.TIMED_OUT);
        assertThat(verdict.stepReached()).isEqualTo(3);
        assertThat(verdict.reason()).contains("budget of 3");
    }

    @Test
    void verify_desyncWithinMaxSteps_isStillDesync() {
        ReplayFile file = edit(CounterGame.record(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 4, CounterGame.HASH, 1L);
        Verdict verdict = verdictOf(counter().maxSteps(6).build(), ReplaySource.of("early desync", file));

        assertThat(verdict.outcome()).isEqualTo(Outcome.DESYNC);
        assertThat(verdict.stepReached()).isEqualTo(4);
    }

    @Test
    void verify_exactlyMaxSteps_isValid() {
        ReplayFile file = CounterGame.record(0, 1, 2);
        Verdict verdict = verdictOf(counter().maxSteps(file.save().length()).build(), ReplaySource.of("fits", file));

        assertThat(verdict.outcome()).isEqualTo(Outcome.VALID);
    }

    @Test
    void verify_commandThatNeverAnswers_isTimedOut() {
        ReplayFile file = edit(CounterGame.record(0, 1, 2, 3), 1, CounterGame.HANG);
        Verdict verdict = verdictOf(counter().timeout(Duration.ofMillis(300)).build(), ReplaySource.of("hangs", file));

        assertThat(verdict.outcome()).isEqualTo(Outcome.TIMED_OUT);
        assertThat(verdict.stepReached()).isEqualTo(1);
        assertThat(verdict.reason()).contains("timeout");
        assertThat(verdict.elapsed()).isGreaterThanOrEqualTo(Duration.ofMillis(300));
    }

    @Test
    void verify_acceptRefuses_isRejected() {
        ReplayFile file = CounterGame.record(0, 1, 2);
        Verdict verdict = verdictOf(counter().accept(game -> ((CounterGame) game).total() > 100).build(),
                ReplaySource.of("low", file));

        assertThat(verdict.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(verdict.reason()).contains("acceptance");
        assertThat(verdict.stepReached()).isEqualTo(file.save().length());
    }

    @Test
    void verify_acceptAgrees_isValid() {
        Verdict verdict = verdictOf(counter().accept(game -> ((CounterGame) game).total() == 3).build(),
                ReplaySource.of("three", CounterGame.record(0, 1, 2)));

        assertThat(verdict.outcome()).as(verdict.reason()).isEqualTo(Outcome.VALID);
    }

    @Test
    void verify_acceptThrows_isFailed() {
        Verdict verdict = verdictOf(counter().accept(game -> {
            throw new IllegalStateException("judge is out");
        }).build(), ReplaySource.of("x", CounterGame.record(0, 1)));

        assertThat(verdict.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(verdict.reason()).contains("judge is out");
    }

    @Test
    void verify_factoryRefusesTheFile_isInvalidFile() {
        ReplayFile file = ReplayFile.builder(CounterGame.record(0, 1).save()).gameId(CounterGame.GAME_ID).build();
        Verdict verdict = verdictOf(counter().build(), ReplaySource.of("no start", file));

        assertThat(verdict.outcome()).isEqualTo(Outcome.INVALID_FILE);
        assertThat(verdict.reason()).contains("no metadata \"start\"");
    }

    @Test
    void verify_factoryReturnsNull_isFailed() {
        Verdict verdict = verdictOf(ReplayVerifier.builder(file -> null).build(),
                ReplaySource.of("null", CounterGame.record(0, 1)));

        assertThat(verdict.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(verdict.reason()).contains("null");
    }

    @Test
    void verify_codeTheGameLacks_isInvalidFileBeforePlaying() {
        ReplayFile file = edit(CounterGame.record(0, 1, 2), 1, 7);
        Verdict verdict = verdictOf(counter().build(), ReplaySource.of("code 7", file));

        assertThat(verdict.outcome()).isEqualTo(Outcome.INVALID_FILE);
        assertThat(verdict.reason()).contains("code 7").contains("first at step 1");
        assertThat(verdict.stepReached()).isZero();
    }

    @Test
    void verify_dictionaryNamesACodeOtherwise_isInvalidFileWithoutBuildingAGame() {
        ReplayFile file = CounterGame.record(0, 1);
        int before = CounterGame.CREATED.get();
        Verdict verdict = verdictOf(counter().dictionary(dev.reprise.command.CommandDictionary.of(
                        java.util.Map.of(CounterGame.ADD, "PLUS", CounterGame.HASH, "HASH"))).build(),
                ReplaySource.of("renamed", file));

        assertThat(verdict.outcome()).isEqualTo(Outcome.INVALID_FILE);
        assertThat(verdict.reason()).contains("\"PLUS\"");
        assertThat(CounterGame.CREATED.get()).isEqualTo(before);
    }

    @Test
    void verify_fileOverTheReadersCaps_isInvalidFile() {
        ReplayFile file = CounterGame.record(0, 1, 2, 3, 4, 5, 6, 7, 8);
        Verdict verdict = verdictOf(counter().reader(dev.reprise.io.ReplayFileReader.builder().maxSteps(4).build())
                .build(), ReplaySource.of("big", file.toBytes()));

        assertThat(verdict.outcome()).isEqualTo(Outcome.INVALID_FILE);
    }

    @Test
    void verify_missingOrMalformedFinalHashClaim_isInvalidFile() {
        ReplayVerifier verifier = counter().finalHashKey("claimed").build();
        ReplayFile file = CounterGame.record(0, 1);

        Verdict missing = verdictOf(verifier, ReplaySource.of("missing", file));
        Verdict malformed = verdictOf(verifier, ReplaySource.of("malformed",
                file.toBuilder().metadata("claimed", "not-hex").build()));

        assertThat(missing.outcome()).isEqualTo(Outcome.INVALID_FILE);
        assertThat(missing.reason()).contains("\"claimed\"");
        assertThat(malformed.outcome()).isEqualTo(Outcome.INVALID_FILE);
        assertThat(malformed.reason()).contains("not-hex");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "12g4", "-1", "+1", "00000000000000000"})
    void verify_finalHashClaimNotOneToSixteenHexDigits_isInvalidFileQuotingIt(String claim) {
        ReplayVerifier verifier = counter().finalHashKey("claimed").build();
        ReplayFile file = CounterGame.record(0, 1).toBuilder().metadata("claimed", claim).build();

        Verdict verdict = verdictOf(verifier, ReplaySource.of("malformed", file));

        assertThat(verdict.outcome()).isEqualTo(Outcome.INVALID_FILE);
        assertThat(verdict.reason()).contains("metadata \"claimed\" is not a state hash (1 to 16 hex digits): \""
                + claim + "\"");
    }

    @Test
    void verify_finalHashClaim_isReadAsHexFormatWritesIt_andShortOrUpperCaseToo() {
        ReplayVerifier verifier = counter().finalHashKey("claimed").build();
        ReplayFile file = CounterGame.record(0, 1, 2);
        long actual = CounterGame.hashOf(3);

        Verdict written = verdictOf(verifier, ReplaySource.of("written",
                file.toBuilder().metadata("claimed", HexFormat.of().toHexDigits(actual)).build()));
        Verdict upper = verdictOf(verifier, ReplaySource.of("upper",
                file.toBuilder().metadata("claimed", Long.toHexString(actual).toUpperCase(Locale.ROOT)).build()));
        Verdict shortClaim = verdictOf(verifier, ReplaySource.of("short",
                file.toBuilder().metadata("claimed", "FF").build()));

        assertThat(written.outcome()).isEqualTo(Outcome.VALID);
        assertThat(upper.outcome()).isEqualTo(Outcome.VALID);
        assertThat(shortClaim.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(shortClaim.expectedHash()).hasValue(0xffL);
    }

    @Test
    void verify_gameWithoutStateHash_isFailedWhenAFinalHashIsClaimed() {
        GameFactory noHash = file -> {
            CounterGame game = CounterGame.of(file);
            return VerifiableGame.of(game.system(), save -> { }, null);
        };
        Verdict verdict = verdictOf(ReplayVerifier.builder(noHash).finalHashKey(CounterGame.FINAL_KEY).build(),
                ReplaySource.of("x", CounterGame.record(0, 1)));

        assertThat(verdict.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(verdict.reason()).contains("no state hash");
    }

    /** Recurses until the stack overflows; the guard is never met, it keeps the compiler from seeing that. */
    private static long recurse(long depth) {
        return depth == Long.MIN_VALUE ? 0 : 1 + recurse(depth + 1);
    }

    /**
     * The counter game, but its HANG step does what a hostile parameter can make a game do: recurse without
     * end, or ask for one array larger than any heap.
     */
    private static GameFactory hostile(boolean stack) {
        return file -> {
            CounterGame game = CounterGame.of(file);
            game.system().replaceCommand(CounterGame.HANG, ReplayCommand.sync(step -> {
                if (stack) {
                    recurse(0);
                } else {
                    byte[] huge = new byte[Integer.MAX_VALUE];
                    huge[0] = 1;
                }
            }));
            return game;
        };
    }

    @ParameterizedTest(name = "stack overflow: {0}")
    @ValueSource(booleans = {true, false})
    void verify_replayOverflowingTheStackOrTheHeap_isFailedNamingTheStep_andTheBatchGoesOn(boolean stack) {
        ReplayVerifier defaults = ReplayVerifier.builder(hostile(stack)).gameId(CounterGame.GAME_ID).parallelism(1)
                .build();
        ReplayVerifier timed = ReplayVerifier.builder(hostile(stack)).gameId(CounterGame.GAME_ID).parallelism(1)
                .timeout(Duration.ofSeconds(30)).build();
        for (ReplayVerifier verifier : List.of(defaults, timed)) {
            Flux<ReplaySource> sources = Flux.just(
                    ReplaySource.of("good-1", CounterGame.record(0, 1, 2)),
                    ReplaySource.of("hostile", edit(CounterGame.record(0, 1, 2, 3), 1, CounterGame.HANG)),
                    ReplaySource.of("good-2", CounterGame.record(0, 4)),
                    ReplaySource.of("good-3", CounterGame.record(0, 5, 6)));

            List<Verdict> verdicts = verifier.verify(sources).collectList().block(TIMEOUT);

            assertThat(verdicts).extracting(Verdict::id, Verdict::outcome).containsExactly(
                    org.assertj.core.groups.Tuple.tuple("good-1", Outcome.VALID),
                    org.assertj.core.groups.Tuple.tuple("hostile", Outcome.FAILED),
                    org.assertj.core.groups.Tuple.tuple("good-2", Outcome.VALID),
                    org.assertj.core.groups.Tuple.tuple("good-3", Outcome.VALID));
            Verdict failed = verdicts.get(1);
            assertThat(failed.stepReached()).isEqualTo(1);
            assertThat(failed.reason()).contains("step 1").contains("code " + CounterGame.HANG).contains("execute")
                    .contains(stack ? "StackOverflowError" : "OutOfMemoryError");
        }
    }

    /** A copy of {@code file} with step {@code index} replaced. */
    static ReplayFile edit(ReplayFile file, int index, int code, Object... params) {
        dev.reprise.route.ReplayArray route = new dev.reprise.route.ReplayArray();
        route.loadState(file.save());
        route.set(index, code, params);
        ReplaySave edited = route.saveState();
        return ReplayFile.builder(edited).gameId(file.gameId()).gameBuild(file.gameBuild())
                .metadata(file.metadata()).dictionary(file.dictionary()).build();
    }
}

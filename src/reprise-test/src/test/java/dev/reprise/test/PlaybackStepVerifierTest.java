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
package dev.reprise.test;

import static dev.reprise.test.WalkGame.BREAK;
import static dev.reprise.test.WalkGame.CHOICE;
import static dev.reprise.test.WalkGame.RIGHT;
import static dev.reprise.test.WalkGame.SHOP;
import static dev.reprise.test.WalkGame.STUCK;
import static dev.reprise.test.WalkGame.TALK;
import static dev.reprise.test.WalkGame.WAIT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.command.ReplayCommandResult;
import dev.reprise.playback.ReplaySandbox;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PlaybackStepVerifierTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final WalkGame game = new WalkGame();

    private PlaybackStepVerifier stepVerifier() {
        return PlaybackStepVerifier.create(game.system, game.config().build());
    }

    @Test
    void expectActive_waitsUntilTheStepExecuted_andPlaysNothingAhead() {
        game.record(RIGHT, RIGHT, TALK);

        stepVerifier()
                .expectActive(RIGHT)
                .then(() -> assertThat(game.queued).hasValue(1))
                .expectActive(RIGHT)
                .then(() -> {
                    assertThat(game.queued).hasValue(2);
                    assertThat(game.x).as("the window is still open").hasValue(0);
                    assertThat(game.talks).as("nothing played ahead").hasValue(0);
                })
                .expectActive(TALK)
                .then(() -> assertThat(game.x).as("TALK closed the RIGHT window").hasValue(2))
                .expectEnded()
                .verify(TIMEOUT);
    }

    @Test
    void expectActive_waitsForAnAsyncCommand() {
        game.record(WAIT, TALK);

        stepVerifier()
                .expectActive(WAIT)
                .then(() -> assertThat(game.waited).as("the delayed answer is in").hasValue(1))
                .expectActive(TALK)
                .expectEnded()
                .verify(TIMEOUT);
    }

    @Test
    void expectWindow_runsTheWindowsFinalize_beforeTheNextStep() {
        game.record(RIGHT, RIGHT, TALK);

        stepVerifier()
                .expectWindow(RIGHT, 2)
                .then(() -> {
                    assertThat(game.x).as("finalized").hasValue(2);
                    assertThat(game.talks).as("the next window's step is not played").hasValue(0);
                })
                .expectActive(TALK)
                .expectEnded()
                .verify(TIMEOUT);
    }

    @Test
    void expectWindow_atTheEndOfTheRoute() {
        game.record(TALK, RIGHT, RIGHT);

        stepVerifier()
                .expectActive(TALK)
                .expectWindow(RIGHT, 2)
                .then(() -> assertThat(game.x).hasValue(2))
                .expectEnded()
                .verify(TIMEOUT);
    }

    @Test
    void answer_completesThePassiveStep_asAUiWould() {
        game.record(TALK, CHOICE, TALK);

        stepVerifier()
                .expectActive(TALK)
                .expectPassive(CHOICE).answer(ReplayCommandResult.SUCCESS)
                .expectActive(TALK)
                .then(() -> assertThat(game.talks).hasValue(2))
                .expectEnded()
                .verify(TIMEOUT);
    }

    @Test
    void expectPassive_withoutAnswer_waitsForTheCommandThatTakesIt() {
        game.record(SHOP, CHOICE);

        stepVerifier()
                .expectActive(SHOP)
                .expectPassive(CHOICE)
                .then(() -> assertThat(game.gold).hasValue(10))
                .expectEnded()
                .verify(TIMEOUT);
    }

    @Test
    void answerWith_failsPlaybackAtThatStep() {
        game.record(TALK, CHOICE, TALK);

        stepVerifier()
                .expectActive(TALK)
                .expectPassive(CHOICE).answerWith(ReplayCommandResult.FAILED, new IllegalStateException("no"))
                .expectFailedAt(1)
                .verify(TIMEOUT);
    }

    @Test
    void thenRequest_letsPlaybackRunAhead() {
        game.record(TALK, TALK, TALK);

        stepVerifier()
                .thenRequest(3)
                .expectActive(TALK)
                .expectActive(TALK)
                .expectActive(TALK)
                .expectEnded()
                .verify(TIMEOUT);
        assertThat(game.talks).hasValue(3);
    }

    @Test
    void thenControl_stopsPlayback() {
        game.record(RIGHT, RIGHT, TALK);

        stepVerifier()
                .expectActive(RIGHT)
                .thenControl(ReplaySandbox::stopNow)
                .expectStopped()
                .verify(TIMEOUT);
        assertThat(game.x).as("stop finalized the open window").hasValue(1);
        assertThat(game.talks).hasValue(0);
    }

    @Test
    void expectSteps_countsStepsOfAnyKind() {
        game.record(TALK, CHOICE, RIGHT, RIGHT);

        stepVerifier().expectActive(TALK).expectPassive(CHOICE).answer(ReplayCommandResult.IGNORED)
                .expectSteps(2).expectEnded().verify(TIMEOUT);
        assertThat(game.x).hasValue(2);
    }

    @Test
    void withVirtualTime_pacesWithoutWaiting() {
        game.record(RIGHT, RIGHT, TALK);

        Duration took = PlaybackStepVerifier.withVirtualTime(game.system,
                        () -> game.config().stepInterval(Duration.ofMinutes(1)).build())
                .expectActive(RIGHT)
                .expectNoStep(Duration.ofSeconds(59))
                .thenAwait(Duration.ofSeconds(1))
                .expectActive(RIGHT)
                .expectNoStep(Duration.ofSeconds(59))
                .thenAwait(Duration.ofSeconds(1))
                .expectActive(TALK)
                .expectEnded()
                .verify(TIMEOUT);
        assertThat(took).isLessThan(TIMEOUT);
    }

    @Test
    void withVirtualTime_thenAwait_letsEveryStepDueMeanwhileGo() {
        game.record(RIGHT, RIGHT, RIGHT, TALK);

        PlaybackStepVerifier.withVirtualTime(game.system,
                        () -> game.config().stepInterval(Duration.ofMillis(100)).build())
                .expectActive(RIGHT)
                .thenAwait(Duration.ofMillis(200)) // steps 1 and 2 come due at 100 and 200 ms
                .expectSteps(2)
                .then(() -> assertThat(game.queued).hasValue(3))
                .thenAwait(Duration.ofMillis(100))
                .expectActive(TALK)
                .expectEnded()
                .verify(TIMEOUT);
    }

    @Test
    void withVirtualTime_expectNoStep_failsOnAStepThatComesTooEarly() {
        game.record(RIGHT, RIGHT);

        assertThatThrownBy(() -> PlaybackStepVerifier.withVirtualTime(game.system,
                        () -> game.config().stepInterval(Duration.ofMillis(100)).build())
                .expectActive(RIGHT)
                .expectNoStep(Duration.ofMillis(150)) // but step 1 is due at 100 ms
                .verify(TIMEOUT))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("expected no event: onNext(ActiveStep[index=1, code=1");
    }

    @Test
    void withVirtualTime_aStepThatNeverComes_namesItAndTheStepTimePlaybackWaitsFor() {
        game.record(RIGHT, RIGHT, RIGHT, TALK);

        assertThatThrownBy(() -> PlaybackStepVerifier.withVirtualTime(game.system,
                        () -> game.config().stepInterval(Duration.ofMillis(100)).build())
                .expectActive(RIGHT)
                .thenAwait(Duration.ofMillis(100))
                .expectSteps(2) // only step 1 came due
                .expectEnded()
                .verify(Duration.ofMillis(500)))
                .isInstanceOf(AssertionError.class)
                .hasMessage("expected 2 steps from step 1 within PT0.5S, but it did not come: playback is PLAYING, "
                        + "2 of 4 steps replayed, waiting for the next step's time: a step every PT0.1S at speed 1.0; "
                        + "the virtual clock moves only with thenAwait and expectNoStep");
    }

    @Test
    void aStepThatNeverComes_behindAPassiveStep_namesThePassiveAnswerPlaybackWaitsFor() {
        game.record(TALK, CHOICE, TALK);

        assertThatThrownBy(() -> PlaybackStepVerifier.create(game.system,
                        game.config().passiveGrace(Duration.ofHours(1)).build())
                .expectSteps(3)
                .expectEnded()
                .verify(Duration.ofMillis(300)))
                .isInstanceOf(AssertionError.class)
                .hasMessageStartingWith("expected 3 steps from step 0 within PT0.3S, but it did not come: playback is "
                        + "PLAYING, 0 of 3 steps replayed, waiting for a passive answer: passive step 1 CHOICE (code 12) "
                        + "is pending");
    }

    @Test
    void aStepThatNeverComes_behindACommandThatNeverAnswers_namesThatCommand() {
        game.record(STUCK, TALK);

        assertThatThrownBy(() -> stepVerifier().expectSteps(2).expectEnded().verify(Duration.ofMillis(300)))
                .isInstanceOf(AssertionError.class)
                .hasMessage("expected 2 steps from step 0 within PT0.3S, but it did not come: playback is PLAYING, "
                        + "0 of 2 steps replayed, waiting for active step 0 STUCK (code 14) to settle: its command "
                        + "has not answered");
    }

    @Test
    void withVirtualTime_anAsyncCommandAnswersWhenTheClockMoves() {
        game.record(WAIT, TALK);

        PlaybackStepVerifier.withVirtualTime(game.system, () -> game.config().build())
                .expectActive(WAIT, WalkGame.WAIT_TIME)
                .then(() -> assertThat(game.waited).hasValue(1))
                .expectActive(TALK)
                .expectEnded()
                .verify(TIMEOUT);
    }

    @Test
    void withVirtualTime_passiveGraceRunsOnTheVirtualClock() {
        game.record(TALK, CHOICE, TALK);

        PlaybackStepVerifier.withVirtualTime(game.system,
                        () -> game.config().passiveGrace(Duration.ofHours(1)).build())
                .expectActive(TALK)
                .thenRequest(1) // the choice is emitted; nobody answers it
                .thenAwait(Duration.ofHours(1)) // skipped after the grace
                .expectPassive(CHOICE)
                .expectActive(TALK)
                .expectEnded()
                .verify(TIMEOUT);
    }

    @Test
    void expectFailedAt_playsThroughTheStepsBeforeTheFailure() {
        game.record(TALK, TALK, BREAK, TALK);

        stepVerifier().expectFailedAt(2).verify(TIMEOUT);
        assertThat(game.talks).hasValue(2);
    }

    // ------------------------------------------------------------------ failure messages

    @Test
    void expectFailedAt_whenItGoesOn_namesTheStepAfter() {
        game.record(TALK, TALK, BREAK);

        assertThatThrownBy(() -> stepVerifier().expectFailedAt(0).verify(TIMEOUT))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("expected playback to fail at step 0, found active step 1 TALK (code 11)");
    }

    @Test
    void expectActive_ofAnotherCode_namesTheStepExpectedAndFound() {
        game.record(RIGHT, TALK);

        assertThatThrownBy(() -> stepVerifier().expectActive(RIGHT).expectActive(RIGHT).expectEnded().verify(TIMEOUT))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("expected active step 1 RIGHT (code 1), found active step 1 TALK (code 11)");
    }

    @Test
    void expectPassive_onAnActiveStep_namesBothKinds() {
        game.record(TALK, TALK);

        assertThatThrownBy(() -> stepVerifier().expectActive(TALK).expectPassive(CHOICE).verify(TIMEOUT))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("expected passive step 1 CHOICE (code 12), found active step 1 TALK (code 11)");
    }

    @Test
    void expectActive_pastTheEnd_saysPlaybackCompleted() {
        game.record(TALK);

        assertThatThrownBy(() -> stepVerifier().expectActive(TALK).expectActive(RIGHT).verify(TIMEOUT))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("active step 1 RIGHT (code 1)")
                .hasMessageContaining("onComplete");
    }

    @Test
    void expectEnded_withStepsLeft_namesTheNextStep() {
        game.record(TALK, RIGHT);

        assertThatThrownBy(() -> stepVerifier().expectActive(TALK).expectEnded().verify(TIMEOUT))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("expected playback to end ENDED after step 0, found active step 1 RIGHT (code 1)");
    }

    @Test
    void expectStopped_whenItEnded_namesBothStates() {
        game.record(TALK);

        assertThatThrownBy(() -> stepVerifier().expectActive(TALK).expectStopped().verify(TIMEOUT))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("expected playback to end STOPPED after step 0, but it ended ENDED");
    }

    @Test
    void expectFailedAt_anotherStep_namesTheStepThatFailed() {
        game.record(TALK, CHOICE, TALK);

        assertThatThrownBy(() -> stepVerifier().expectActive(TALK)
                        .expectPassive(CHOICE).answer(ReplayCommandResult.FAILED)
                        .expectFailedAt(2).verify(TIMEOUT))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("expected playback to fail at step 2, but it failed at step 1 CHOICE (code 12) in passive");
    }

    @Test
    void expectFailedAt_whenItEnds_namesTheEnd() {
        game.record(TALK);

        assertThatThrownBy(() -> stepVerifier().expectActive(TALK).expectFailedAt(0).verify(TIMEOUT))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("onComplete");
    }

    @Test
    void expectWindow_thatGoesOn_namesTheStepThatContinuesIt() {
        game.record(RIGHT, RIGHT, RIGHT);

        assertThatThrownBy(() -> stepVerifier().expectWindow(RIGHT, 2).verify(TIMEOUT))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("expected the window of RIGHT (code 1) from step 0 (2 steps) to close after step 1, "
                        + "but it goes on: step 2 is active RIGHT (code 1)");
    }

    @Test
    void expectWindow_crossingIntoTheNextWindow_namesTheStepFound() {
        game.record(RIGHT, TALK);

        assertThatThrownBy(() -> stepVerifier().expectWindow(RIGHT, 2).verify(TIMEOUT))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("expected step 1 of the window of RIGHT (code 1) from step 0 (2 steps), "
                        + "found active step 1 TALK (code 11) (window 1 of TALK (code 11))");
    }

    @Test
    void answer_afterTheCommandTookTheStep_saysItCameTooLate() {
        game.record(SHOP, CHOICE);

        assertThatThrownBy(() -> stepVerifier().expectActive(SHOP).expectPassive(CHOICE)
                        .answer(ReplayCommandResult.SUCCESS).expectEnded().verify(TIMEOUT))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("passive step 1 CHOICE (code 12): the answer SUCCESS came too late");
    }

    @Test
    void aCommandThatNeverAnswers_failsWithinTheBound() {
        game.record(STUCK);

        assertThatThrownBy(() -> stepVerifier().expectActive(STUCK).expectEnded().verify(Duration.ofMillis(300)))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("active step 0 STUCK (code 14) was dispatched but did not settle within PT0.3S");
    }

    @Test
    void answer_withoutExpectPassive_isRefusedAtOnce() {
        assertThatThrownBy(() -> stepVerifier().expectActive(TALK).answer(ReplayCommandResult.SUCCESS))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("expectPassive(code) just before it");
    }

    @Test
    void expectActiveWithExecutionTime_inRealTime_isRefusedAtOnce() {
        assertThatThrownBy(() -> stepVerifier().expectActive(WAIT, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("withVirtualTime");
    }
}

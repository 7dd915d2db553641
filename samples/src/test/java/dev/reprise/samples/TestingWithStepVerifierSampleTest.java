package dev.reprise.samples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.playback.ActiveStep;
import dev.reprise.playback.PassiveStep;
import dev.reprise.playback.PlaybackState;
import dev.reprise.playback.ReplayPlaybackException;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.samples.tower.Item;
import dev.reprise.samples.tower.Position;
import dev.reprise.samples.tower.Tower;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerRuleException;
import dev.reprise.samples.tower.replay.ChoiceMode;
import dev.reprise.samples.tower.replay.TowerCommands;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.test.StepVerifier;

/**
 * Sample 4: how a game team tests its Reprise commands and replays with {@link StepVerifier}.
 *
 * <p>The pattern: play the inputs on a "recording" game while {@link ReplaySystem#record} captures
 * them (so the expected outcome comes from the game itself), then replay the route onto a second game
 * and drive the playback step by step: {@code StepVerifier.create(steps, 0)} with
 * {@code thenRequest(1)} plays exactly one group per request, so the test can look at the game between
 * steps; {@code StepVerifier.withVirtualTime} tests pacing without waiting.
 */
class TestingWithStepVerifierSampleTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** A 4x3 floor: the hero starts top left, a fairy waits at (1,1). */
    private final Tower tower = Tower.parse("@...\n.F..\n....");
    private final TowerGame recorded = new TowerGame(tower);
    private final TowerGame replayed = new TowerGame(tower);
    private final ReplaySystem system = new ReplaySystem();

    TestingWithStepVerifierSampleTest() {
        TowerCommands.register(system, replayed, ChoiceMode.BY_COMMAND);
    }

    /** Records an input and applies it to the recording game, like a player's input handler. */
    private void play(int code, Object... params) {
        system.record(code, params);
        recorded.apply(code, params);
    }

    private ReplaySandbox sandbox() {
        return system.createReplaySandbox(TowerCommands.sandbox(system.array(), replayed).build());
    }

    @Test
    void moves_queueWhileTheirRunLasts_andCommitWhenTheWindowCloses() {
        play(TowerCodes.RIGHT);
        play(TowerCodes.RIGHT);
        play(TowerCodes.DOWN);
        play(TowerCodes.DOWN);
        ReplaySandbox sandbox = sandbox();
        sandbox.play();

        StepVerifier.create(sandbox.steps(), 0)
                .thenRequest(1)
                .expectNextMatches(step -> step.step().code() == TowerCodes.RIGHT)
                .then(() -> {
                    assertThat(replayed.queuedMoves()).isEqualTo(1);
                    assertThat(replayed.state().position()).isEqualTo(new Position(0, 0));
                })
                .thenRequest(1)
                .expectNextMatches(step -> step.step().code() == TowerCodes.RIGHT)
                .then(() -> assertThat(replayed.queuedMoves()).isEqualTo(2))
                .thenRequest(1)
                .expectNextMatches(step -> step.step().code() == TowerCodes.DOWN)
                .then(() -> {
                    // DOWN closed the RIGHT window: its finalizeRun committed both moves.
                    assertThat(replayed.state().position()).isEqualTo(new Position(2, 0));
                    assertThat(replayed.queuedMoves()).isEqualTo(1);
                })
                .thenRequest(1)
                .expectNextMatches(step -> step.step().code() == TowerCodes.DOWN)
                .expectComplete()
                .verify(TIMEOUT);

        // The end of the route closed the last window.
        assertThat(replayed.queuedMoves()).isZero();
        assertThat(replayed.state()).isEqualTo(recorded.state());
    }

    @Test
    void choice_isAnsweredByTheMoveThatOpenedIt() {
        play(TowerCodes.DOWN);
        play(TowerCodes.RIGHT); // onto the fairy: a choice opens
        play(TowerCodes.CHOICE, 1); // +30 gold
        ReplaySandbox sandbox = sandbox();
        sandbox.play();

        StepVerifier.create(sandbox.steps())
                .expectNextMatches(step -> step instanceof ActiveStep && step.step().code() == TowerCodes.DOWN)
                .expectNextMatches(step -> step instanceof ActiveStep && step.step().code() == TowerCodes.RIGHT)
                .assertNext(step -> {
                    assertThat(step).isInstanceOf(PassiveStep.class);
                    assertThat(step.isSettled()).as("taken by the RIGHT command").isTrue();
                    assertThat(step.result().block(TIMEOUT)).isEqualTo(ReplayCommandResult.SUCCESS);
                })
                .expectComplete()
                .verify(TIMEOUT);

        assertThat(replayed.state().gold()).isEqualTo(30);
        assertThat(replayed.state()).isEqualTo(recorded.state());
    }

    @Test
    void pacing_isTestedInVirtualTime() {
        play(TowerCodes.RIGHT);
        play(TowerCodes.RIGHT);
        play(TowerCodes.RIGHT);

        StepVerifier.withVirtualTime(() -> {
                    ReplaySandbox sandbox = system.createReplaySandbox(TowerCommands.sandbox(system.array(), replayed)
                            .stepInterval(Duration.ofMillis(100)).build());
                    sandbox.setSpeed(2); // 100 ms at speed 2: a step every 50 ms
                    sandbox.play();
                    return sandbox.steps();
                })
                .expectSubscription()
                .expectNextCount(1)
                .expectNoEvent(Duration.ofMillis(49))
                .thenAwait(Duration.ofMillis(1))
                .expectNextCount(1)
                .expectNoEvent(Duration.ofMillis(49))
                .thenAwait(Duration.ofMillis(1))
                .expectNextCount(1)
                .expectComplete()
                .verify(TIMEOUT);

        assertThat(replayed.state()).isEqualTo(recorded.state());
    }

    @Test
    void pausedPlayback_waitsForever_andStepPlaysExactlyOneGroup() {
        play(TowerCodes.RIGHT);
        play(TowerCodes.RIGHT);
        play(TowerCodes.DOWN);

        StepVerifier.withVirtualTime(() -> {
                    ReplaySandbox sandbox = sandbox(); // READY: paused before the first step
                    return sandbox.steps().doOnSubscribe(s -> sandbox.step().subscribe());
                })
                .expectSubscription()
                .expectNextMatches(step -> step.step().code() == TowerCodes.RIGHT)
                .expectNoEvent(Duration.ofDays(1))
                .then(() -> assertThat(system.sandbox().orElseThrow().state()).isEqualTo(PlaybackState.PAUSED))
                .then(() -> system.sandbox().orElseThrow().step().subscribe())
                .expectNextMatches(step -> step.step().code() == TowerCodes.RIGHT)
                .expectNoEvent(Duration.ofDays(1))
                .then(() -> system.sandbox().orElseThrow().resume())
                .expectNextMatches(step -> step.step().code() == TowerCodes.DOWN)
                .expectComplete()
                .verify(TIMEOUT);

        assertThat(replayed.state()).isEqualTo(recorded.state());
    }

    @Test
    void aRouteThatNoLongerFitsTheGame_failsAtTheStepThatBreaksARule() {
        play(TowerCodes.RIGHT);
        system.record(TowerCodes.USE_ITEM, Item.ELIXIR.number()); // the hero has no elixir
        ReplaySandbox sandbox = sandbox();
        sandbox.play();

        StepVerifier.create(sandbox.steps())
                .expectNextCount(2)
                .expectErrorSatisfies(error -> {
                    assertThat(error).isInstanceOf(ReplayPlaybackException.class);
                    ReplayPlaybackException failure = (ReplayPlaybackException) error;
                    assertThat(failure.stepIndex()).isEqualTo(1);
                    assertThat(failure.code()).isEqualTo(TowerCodes.USE_ITEM);
                    assertThat(failure.phase()).isEqualTo(ReplayPlaybackException.EXECUTE);
                    assertThat(failure.getCause()).isInstanceOf(TowerRuleException.class)
                            .hasMessageContaining("step 1");
                })
                .verify(TIMEOUT);
        assertThat(sandbox.state()).isEqualTo(PlaybackState.FAILED);
    }

    @Test
    void aRecordedBotGame_replaysToTheRecordedState() {
        SampleRecording recording = SampleRecording.record(5L, 3, 1_000);
        TowerGame game = new TowerGame(recording.tower());
        ReplaySystem player = recording.player(game, ChoiceMode.BY_COMMAND);
        ReplaySandbox sandbox = player.createReplaySandbox(TowerCommands.sandbox(player.array(), game).build());
        sandbox.play();

        StepVerifier.create(sandbox.steps())
                .expectNextCount(player.array().length())
                .expectComplete()
                .verify(TIMEOUT);

        assertThat(game.state().stateHash()).isEqualTo(recording.finalHash());
    }
}

package dev.reprise.samples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.ReplaySystem;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.samples.GameLoopSample.Control;
import dev.reprise.samples.GameLoopSample.LoopReport;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.replay.ChoiceMode;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.route.ReplayStep;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.test.scheduler.VirtualTimeScheduler;

class GameLoopSampleTest {

    private static final Duration FRAME = Duration.ofMillis(10);

    private final SampleRecording recording = SampleRecording.record(3L, 4, 400);
    private final TowerGame game = new TowerGame(recording.tower());

    @Test
    void frameLoop_pullsOneGroupPerFrame_obeysControls_andReproducesTheGame() {
        AtomicReference<LoopReport> report = new AtomicReference<>();
        StepVerifier.withVirtualTime(() -> {
                    ReplaySystem player = recording.player(game, ChoiceMode.BY_COMMAND);
                    ReplaySandbox sandbox = player.createReplaySandbox(
                            TowerCommands.sandbox(player.array(), game).build());
                    // Frames tick at 10, 20, 30 ... ms; each control lands between two frames.
                    Flux<Control> viewer = Flux.concat(
                            at(55, Control.pause()),     // after frame 5
                            at(50, Control.step()),      // at 105 ms, in frame 10
                            at(50, Control.speed(2)),    // at 155 ms
                            at(0, Control.resume()),
                            at(50, Control.speed(0.5))); // at 205 ms
                    return GameLoopSample.play(player, sandbox, viewer, FRAME,
                            VirtualTimeScheduler.get());
                })
                .thenAwait(Duration.ofHours(1))
                .consumeNextWith(report::set)
                .expectComplete().verify(Duration.ofSeconds(5));

        List<Integer> frames = report.get().groupsPerFrame();
        assertThat(frames.subList(1, 6)).as("playing at speed 1").containsOnly(1);
        assertThat(frames.subList(6, 10)).as("paused").containsOnly(0);
        assertThat(frames.get(10)).as("the single step").isEqualTo(1);
        assertThat(frames.subList(11, 15)).as("still paused").containsOnly(0);
        assertThat(frames.subList(16, 20)).as("speed 2").containsOnly(2);
        assertThat(frames.subList(21, 27)).as("speed 0.5").containsExactly(0, 1, 0, 1, 0, 1);
        assertThat(frames.stream().mapToInt(Integer::intValue).sum()).isEqualTo(groups());
        assertThat(report.get().steps()).isEqualTo(recording.recorder().array().length());
        assertThat(game.state().stateHash()).isEqualTo(recording.finalHash());
    }

    @Test
    void frameLoop_withoutControls_playsTheWholeRoute() {
        StepVerifier.withVirtualTime(() -> {
                    ReplaySystem player = recording.player(game, ChoiceMode.BY_COMMAND);
                    ReplaySandbox sandbox = player.createReplaySandbox(
                            TowerCommands.sandbox(player.array(), game).build());
                    return GameLoopSample.play(player, sandbox, Flux.never(), FRAME, VirtualTimeScheduler.get());
                })
                .thenAwait(FRAME.multipliedBy(groups() + 1L))
                .assertNext(report -> assertThat(report.groupsPerFrame().subList(1, groups() + 1)).containsOnly(1))
                .expectComplete().verify(Duration.ofSeconds(5));
        assertThat(game.state().stateHash()).isEqualTo(recording.finalHash());
    }

    /** Counts the route's groups: one per active step (the route starts with one). */
    private int groups() {
        int groups = 0;
        for (int i = 0; i < recording.recorder().array().length(); i++) {
            ReplayStep step = recording.recorder().array().get(i);
            groups += TowerCodes.isPassive(step.code()) ? 0 : 1;
        }
        return groups;
    }

    private static Mono<Control> at(long millis, Control control) {
        return Mono.delay(Duration.ofMillis(millis)).thenReturn(control);
    }
}

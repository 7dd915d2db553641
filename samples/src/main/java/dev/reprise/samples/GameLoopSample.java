package dev.reprise.samples;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommandType;
import dev.reprise.playback.ActiveStep;
import dev.reprise.playback.PlaybackStep;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.route.ReplayArray;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.replay.ChoiceMode;
import dev.reprise.samples.tower.replay.TowerCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Sample 2, a reactive game loop: a {@link Flux#interval} frame clock pulls the replay through
 * backpressure, one group (an active step and the choices after it) per frame at speed 1, while a
 * stream of control inputs pauses, resumes, single-steps and changes the speed.
 *
 * <p>Nothing is buffered: the loop requests a frame's groups only once the previous request was used,
 * so while the sandbox is paused, demand does not pile up and resuming does not burst. At speed
 * {@code s} a frame pulls {@code s} groups (fractions carry over: at 0.5, one group every other
 * frame); the speed is also given to the sandbox so commands can scale their animations. The frame
 * clock and the controls are merged into one serial stream, so the loop's bookkeeping needs no locks.
 *
 * <p>Run it with {@code mvn -q -DskipTests test-compile exec:java
 * -Dexec.mainClass=dev.reprise.samples.GameLoopSample}.
 */
public final class GameLoopSample {

    private GameLoopSample() {
    }

    /**
     * A control input of the person watching the replay.
     *
     * @param kind what to do
     * @param speed the new speed for {@link Kind#SPEED}, else ignored
     */
    public record Control(Kind kind, double speed) {

        /** The kinds of control. */
        public enum Kind {
            /** Stop pulling groups after the one in flight. */
            PAUSE,
            /** Go on after a pause. */
            RESUME,
            /** Play exactly one group, then stay paused. */
            STEP,
            /** Play {@code speed} groups per frame. */
            SPEED
        }

        /**
         * Returns a pause control.
         *
         * @return the control
         */
        public static Control pause() {
            return new Control(Kind.PAUSE, 0);
        }

        /**
         * Returns a resume control.
         *
         * @return the control
         */
        public static Control resume() {
            return new Control(Kind.RESUME, 0);
        }

        /**
         * Returns a single-step control.
         *
         * @return the control
         */
        public static Control step() {
            return new Control(Kind.STEP, 0);
        }

        /**
         * Returns a speed change.
         *
         * @param speed groups per frame, finite and above 0
         * @return the control
         */
        public static Control speed(double speed) {
            return new Control(Kind.SPEED, speed);
        }
    }

    /**
     * What the loop did.
     *
     * @param groupsPerFrame how many groups each frame played, frame 0 being the first tick (a single
     *     step counts in the frame it arrived in)
     * @param steps the steps played
     */
    public record LoopReport(List<Integer> groupsPerFrame, int steps) {
    }

    /**
     * Plays a sandbox in a frame loop until the route ends.
     *
     * @param system the system the sandbox belongs to (it tells which codes are passive)
     * @param sandbox the sandbox to play, {@code READY}
     * @param controls the control inputs; may be infinite, they stop mattering when the route ends
     * @param frame the time between two frames
     * @param clock the scheduler of the frame clock (a virtual one in tests)
     * @return the report once the route has played out; an error if playback fails. Commands run on
     *     the thread of the frame clock or of the control that let them run, one at a time
     */
    public static Mono<LoopReport> play(ReplaySystem system, ReplaySandbox sandbox, Flux<Control> controls,
                                        Duration frame, Scheduler clock) {
        FramePuller puller = new FramePuller(system, sandbox);
        Flux<Object> frames = Flux.interval(frame, clock).map(tick -> (Object) tick);
        return Mono.defer(() -> {
            sandbox.steps().subscribe(puller);
            sandbox.play();
            return Flux.merge(frames, controls)
                    .takeUntilOther(puller.ended.asMono())
                    .doOnNext(event -> {
                        if (event instanceof Control control) {
                            puller.control(control);
                        } else {
                            puller.frame();
                        }
                    })
                    .then(puller.ended.asMono())
                    .then(Mono.fromCallable(puller::report))
                    .doOnCancel(puller::dispose); // cancelling the loop stops the playback
        });
    }

    /** Pulls groups from the playback as frames and controls say. */
    private static final class FramePuller extends BaseSubscriber<PlaybackStep> {

        private final ReplaySystem system;
        private final ReplaySandbox sandbox;
        private final ReplayArray route;
        private final List<Integer> groupsPerFrame = new ArrayList<>();
        final Sinks.Empty<Void> ended = Sinks.empty();
        private double speed = 1;
        private double credit;
        /** Groups requested and not yet started: the loop only asks again once this is 0. */
        private long pendingGroups;
        private boolean started;
        private int steps;

        FramePuller(ReplaySystem system, ReplaySandbox sandbox) {
            this.system = system;
            this.sandbox = sandbox;
            this.route = sandbox.config().route();
            groupsPerFrame.add(0);
        }

        @Override
        protected void hookOnSubscribe(Subscription subscription) {
            // no demand until the first frame
        }

        void frame() {
            groupsPerFrame.add(0);
            credit += speed;
            long due = (long) credit;
            credit -= due;
            if (pendingGroups == 0 && due > 0) {
                pull(due);
            }
        }

        void control(Control control) {
            switch (control.kind()) {
                case PAUSE -> sandbox.pauseNow();
                case RESUME -> sandbox.resume();
                case STEP -> {
                    if (pendingGroups == 0) {
                        pull(1);
                    }
                    sandbox.stepNow();
                }
                case SPEED -> {
                    sandbox.setSpeed(control.speed());
                    speed = control.speed();
                }
            }
        }

        private void pull(long groups) {
            pendingGroups += groups;
            request(groups);
        }

        @Override
        protected void hookOnNext(PlaybackStep step) {
            steps++;
            if (step instanceof ActiveStep || !started) {
                started = true;
                pendingGroups--;
                int last = groupsPerFrame.size() - 1;
                groupsPerFrame.set(last, groupsPerFrame.get(last) + 1);
            }
            // The choices after an active step belong to its group, so to this frame: pull them now.
            if (nextIsPassive(step.step().index())) {
                request(1);
            }
        }

        private boolean nextIsPassive(int index) {
            return index + 1 < route.length() && system.command(route.get(index + 1).code())
                    .map(command -> command.type() == ReplayCommandType.PASSIVE).orElse(false);
        }

        @Override
        protected void hookOnComplete() {
            ended.tryEmitEmpty();
        }

        @Override
        protected void hookOnError(Throwable error) {
            ended.tryEmitError(error);
        }

        LoopReport report() {
            return new LoopReport(List.copyOf(groupsPerFrame), steps);
        }
    }

    /**
     * Plays a short recorded game at 60 frames per second while a scripted viewer pauses, single-steps,
     * speeds up and slows down, and prints what each phase played.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        SampleRecording recording = SampleRecording.record(3L, 4, 400);
        TowerGame game = new TowerGame(recording.tower());
        ReplaySystem player = recording.player(game, ChoiceMode.BY_COMMAND);
        ReplaySandbox sandbox = player.createReplaySandbox(TowerCommands.sandbox(player.array(), game).build());
        Duration frame = Duration.ofMillis(16);
        Flux<Control> viewer = Flux.concat(
                at(Duration.ofMillis(500), Control.pause()),
                at(Duration.ofMillis(300), Control.step()),
                at(Duration.ofMillis(100), Control.step()),
                at(Duration.ofMillis(300), Control.speed(4)),
                at(Duration.ofMillis(0), Control.resume()),
                at(Duration.ofMillis(400), Control.speed(0.5)),
                at(Duration.ofMillis(300), Control.speed(8)));

        LoopReport report = play(player, sandbox, viewer.doOnNext(c -> System.out.println("viewer: " + c)),
                frame, Schedulers.parallel()).block();

        Objects.requireNonNull(report);
        System.out.printf(Locale.ROOT, "%d frames played %d steps; groups per frame: %s%n",
                report.groupsPerFrame().size(), report.steps(), report.groupsPerFrame());
        System.out.println(game.state().stateHash() == recording.finalHash()
                ? "the replay reproduced the game" : "the replay did NOT reproduce the game");
    }

    private static Mono<Control> at(Duration delay, Control control) {
        return Mono.delay(delay).thenReturn(control);
    }
}

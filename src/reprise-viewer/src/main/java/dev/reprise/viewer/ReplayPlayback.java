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
package dev.reprise.viewer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.desync.ReplayDesyncException;
import dev.reprise.playback.PassiveStep;
import dev.reprise.playback.PlaybackState;
import dev.reprise.playback.PlaybackStep;
import dev.reprise.playback.ReplayPlaybackException;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.playback.SnapshotProvider;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayStep;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.scheduler.Scheduler;

/**
 * A session's replay: one sandbox on one {@link GameReplay}, its steps pumped to the page by credits,
 * its controls, its passive steps (applied as recorded, or asked in a dialog) and its checkpoints.
 *
 * <p>A passive step's answer is applied (or asked) as playback applies answers: only once the step before
 * it has settled, the active step it answers or the answer before it, so in route order and never while the
 * active command may still be changing the game.
 */
final class ReplayPlayback implements Playback {

    /** Views are sent with at most one step message per this many nanoseconds while playing. */
    static final long VIEW_INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(30);

    private final ViewerSession session;
    private final ReplayLibrary.Loaded loaded;
    /** Its share of the session budget, given back by {@link #close()}. */
    private final SessionBudget.Reservation held;
    private final GameReplay replay;
    private final boolean interactive;
    private final Duration dialogTimeout;
    /** How long a claimed passive step waits for the step before it to settle: the sandbox's passive grace. */
    private final Duration answerWait;
    private final Scheduler.Worker worker;
    private final ReplaySandbox sandbox;
    private final Map<Integer, String> names;
    private final Pump pump;
    private final ConcurrentSkipListMap<Integer, Long> checkpoints = new ConcurrentSkipListMap<>();
    private final long checkpointBudget;
    private final Disposable states;
    private int checkpointsSeen = -1;
    private long lastViewNanos;
    private volatile boolean closed;
    /** The open dialog and its timer; touched on the worker, and set on the playback thread before the step is sent. */
    private final AtomicReference<@Nullable Dialog> dialog = new AtomicReference<>();

    private record Dialog(PassiveStep step, int recorded, Disposable timer) {
    }

    /** The thread the game's commands run on, this replay's own. */
    private final GameThread game;
    /** Checks, on the viewer's timer, that no step runs past the step timeout. */
    private final Disposable watchdog;
    private final Duration stepTimeout;
    /** The last step emitted, null before the first; set on the game thread. */
    private volatile @Nullable PlaybackStep lastStep;
    private final AtomicBoolean overran = new AtomicBoolean();

    ReplayPlayback(ViewerSession session, ReplayLibrary.Loaded loaded, boolean interactive, boolean reopened,
                   SessionBudget.Reservation held, ViewerOptions options, Scheduler scheduler, Scheduler.Worker worker) {
        this.session = session;
        this.held = held;
        this.loaded = loaded;
        this.replay = loaded.game().open(loaded.file());
        this.interactive = interactive;
        this.dialogTimeout = options.dialogTimeout();
        this.answerWait = options.dialogTimeout().plusSeconds(5);
        this.worker = worker;
        this.names = replay.system().commandDictionary().asMap();
        this.checkpointBudget = options.checkpointBudget();
        this.stepTimeout = options.limits().stepTimeout();
        // Its commands on a thread of its own: one that blocks holds that thread, never a worker of the sessions.
        this.game = new GameThread("reprise-viewer-game-" + session.id());
        SandboxConfig.Builder<?> config = replay.sandbox()
                .runOn(game.scheduler())
                .stepInterval(options.stepInterval())
                .startPaused(true) // the viewer's play button starts it
                .scheduler(scheduler)
                .passiveGrace(answerWait)
                .checkpointInterval(options.checkpointInterval())
                .checkpointBudget(options.checkpointBudget());
        replay.snapshots().ifPresent(snapshots -> config.snapshots(tracked(snapshots)));
        this.sandbox = replay.system().createReplaySandbox(config.build());
        this.pump = new Pump(session, options.maxCredits());
        ReplayArray route = replay.system().array();
        ObjectNode opened = Json.object().put("t", "opened").put("kind", "replay").put("name", loaded.name())
                .put("game", loaded.game().gameId()).put("renderer", loaded.played().renderer())
                .put("length", route.length()).put("interactive", interactive).put("reopened", reopened)
                .put("stepsPerSecond", stepsPerSecond(options)).put("dialogMs", dialogTimeout.toMillis());
        session.send(opened.set("v", view()));
        this.states = sandbox.states().subscribe(state -> session.send(Json.object().put("t", "state")
                .put("state", state.name()).put("replayed", replayed())));
        long period = GameThread.watchPeriodMillis(stepTimeout);
        this.watchdog = scheduler.schedulePeriodically(this::checkStep, period, period, TimeUnit.MILLISECONDS);
        sandbox.steps().subscribe(pump);
    }

    /**
     * Fails the session if a step has run past the step timeout, as a verifier times out a replay: the page
     * is told which step, the game's thread is interrupted and left, and the session closes. On the timer.
     */
    private void checkStep() {
        if (closed || !game.overrun(stepTimeout) || !overran.compareAndSet(false, true)) {
            return;
        }
        ReplayArray route = sandbox.config().array();
        // A step is emitted as its command starts: the one in hand is the last, unless it has settled.
        PlaybackStep last = lastStep;
        int next = last == null ? sandbox.config().startIndex() : last.step().index() + 1;
        int index = last != null && !last.isSettled() ? last.step().index() : Math.min(next, route.length() - 1);
        ObjectNode out = Json.object().put("t", "failed");
        String name = "a step";
        if (index >= 0) {
            int code = route.get(index).code();
            name = names.getOrDefault(code, "code " + code);
            out.put("step", index).put("code", code).put("name", name).put("phase", "active");
        }
        String message = "step " + index + " (" + name + ") did not complete within the viewer's "
                + stepTimeout.toMillis() + " ms step timeout: the game's command does not return; this session is "
                + "closed";
        session.send(out.put("message", message).put("replayed", Math.max(index, 0)));
        watchdog.dispose();
        game.close();
        session.dispose();
    }

    private static double stepsPerSecond(ViewerOptions options) {
        long nanos = options.stepInterval().toNanos();
        return nanos == 0 ? 0 : 1e9 / nanos;
    }

    /**
     * Wraps the game's snapshots to learn where the checkpoints are: the sandbox captures at a closed group
     * boundary, when every step before {@code replayed()} has settled, so that is the checkpoint's index.
     * Captures happen only while playing, after the constructor has set {@link #sandbox}.
     */
    private <T> SnapshotProvider<T> tracked(SnapshotProvider<T> snapshots) {
        return new SnapshotProvider<>() {
            @Override
            public T capture() {
                T snapshot = snapshots.capture();
                checkpoints.put(replayed(), snapshots.estimateBytes(snapshot));
                return snapshot;
            }

            @Override
            public void restore(T snapshot) {
                snapshots.restore(snapshot);
            }

            @Override
            public long estimateBytes(T snapshot) {
                return snapshots.estimateBytes(snapshot);
            }
        };
    }

    /** @return the file this playback plays and its game, for an edit of it */
    ReplayLibrary.Loaded loaded() {
        return loaded;
    }

    @Override
    public boolean grant(long n) {
        return pump.grant(n);
    }

    @Override
    public void play() {
        sandbox.play();
    }

    @Override
    public void pause() {
        // Not kept: a control's answer arrives at once once the sandbox has stopped, so nothing outlives the session.
        sandbox.pause().subscribe(null, error -> { }, () -> sendView("paused"));
    }

    @Override
    public void step() {
        // Answered whatever happens: with the state after the group, or as it stands once playback has ended or
        // failed (the step then plays nothing); a group that fails is answered by the pump's "failed".
        sandbox.step().subscribe(null, error -> { }, () -> sendView("stepped"));
    }

    @Override
    public void speed(double speed) {
        if (!(speed >= 0.25 && speed <= 64)) {
            throw new IllegalArgumentException("speed must be 0.25 to 64, was " + speed);
        }
        sandbox.setSpeed(speed);
    }

    @Override
    public void seek(int target) {
        int length = sandbox.config().array().length();
        if (target < sandbox.config().startIndex() || target > length) {
            throw new IllegalArgumentException("seek target must be 0.." + length + ", was " + target);
        }
        if (isTerminated()) {
            // A sandbox that has ended (or failed) cannot move: a fresh one on the same file seeks instead.
            session.reopen(loaded, interactive, target);
            return;
        }
        closeDialog(null, -1); // a seek answers an open dialog as the route did
        pump.seeking(true);
        sandbox.seek(target).subscribe(null, error -> {
            pump.seeking(false);
            session.error("seek to " + target + " failed: " + error.getMessage());
        }, () -> {
            sendView("seeked");
            pump.seeking(false);
        });
    }

    @Override
    public void answer(int stepIndex, int option) {
        Dialog open = dialog.get();
        if (open == null || open.step().step().index() != stepIndex) {
            throw new IllegalArgumentException("no dialog is open for step " + stepIndex);
        }
        ReplayStep recorded = open.step().step();
        ReplayStep answered = option == open.recorded() ? recorded : replay.answer(recorded, option);
        try {
            replay.apply(answered); // the dialog's closers all run on this worker: nothing else answers meanwhile
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not allowed: " + e.getMessage(), e); // the dialog stays open
        }
        closeDialog(open, option);
    }

    /**
     * Closes a dialog: with the person's option, or (option -1) by the route's own answer.
     *
     * @param expected the dialog to close, or {@code null} for whichever is open
     */
    private void closeDialog(@Nullable Dialog expected, int option) {
        Dialog open = dialog.get();
        if (open == null || (expected != null && expected != open) || !dialog.compareAndSet(open, null)) {
            return;
        }
        open.timer().dispose();
        boolean byRoute = option < 0;
        // Said first: settling the step may end (or fail) playback at once, and the page's last word is that.
        session.send(Json.object().put("t", "answered").put("i", open.step().step().index())
                .put("by", byRoute ? "route" : "you").put("option", byRoute ? open.recorded() : option));
        if (byRoute) {
            applyRecorded(open.step());
        } else {
            open.step().complete(ReplayCommandResult.SUCCESS); // applied by answer()
        }
        pump.block(false);
    }

    /** Applies a passive step's recorded answer and settles it: failed, naming the cause, if it does not fit. */
    private void applyRecorded(PassiveStep step) {
        try {
            replay.apply(step.step());
        } catch (RuntimeException e) {
            step.fail(e);
            return;
        }
        step.complete(ReplayCommandResult.SUCCESS);
    }

    /** @return the game's state as JSON, for a message */
    private JsonNode view() {
        return Json.tree(replay.state());
    }

    /** Sends the state as it stands between groups, with the code of the step that plays next. */
    private void sendView(String type) {
        int replayed = replayed();
        ReplayArray route = sandbox.config().array();
        ObjectNode out = Json.object().put("t", type).put("replayed", replayed).put("state", sandbox.state().name());
        if (replayed < route.length()) {
            int code = route.get(replayed).code();
            out.put("c", code).put("n", names.getOrDefault(code, "code " + code));
        }
        session.send(out.set("v", view()));
    }

    /** The one place this class asks the sandbox how far it is. */
    private int replayed() {
        return sandbox.replayed();
    }

    private boolean isTerminated() {
        PlaybackState state = sandbox.state();
        return state == PlaybackState.ENDED || state == PlaybackState.STOPPED || state == PlaybackState.FAILED;
    }

    @Override
    public Map<String, Long> memory() {
        ReplayArray route = sandbox.config().array();
        long checkpointBytes = Math.min(checkpoints.values().stream().mapToLong(Long::longValue).sum(), checkpointBudget);
        Map<String, Long> parts = new LinkedHashMap<>();
        parts.put("route", (long) route.commandByteCount() + route.paramByteCount());
        parts.put("checkpoints", checkpointBytes);
        return parts;
    }

    @Override
    public @Nullable ArrayNode checkpointsIfChanged() {
        int size = checkpoints.size();
        if (size == checkpointsSeen) {
            return null;
        }
        checkpointsSeen = size;
        ArrayNode out = Json.array();
        checkpoints.keySet().forEach(out::add);
        return out;
    }

    @Override
    public void close() {
        closed = true;
        pump.waiting.dispose();
        Dialog open = dialog.getAndSet(null);
        if (open != null) {
            open.timer().dispose();
        }
        states.dispose();
        watchdog.dispose();
        pump.dispose(); // cancelling stops the sandbox
        replay.system().releaseSandbox();
        game.close();
        held.close();
    }

    /** The pump of this replay's steps: runs on the playback's thread. */
    private final class Pump extends CreditPump<PlaybackStep> {

        /** The step emitted before the one in hand: a passive step's answer waits until it has settled. */
        private @Nullable PlaybackStep before;
        /** The wait of a claimed passive step for the step before it; disposed by {@link #close()}. */
        private final Disposable.Swap waiting = Disposables.swap();

        Pump(ViewerSession session, int maxCredits) {
            super(session, maxCredits);
        }

        @Override
        protected void onElement(PlaybackStep step) {
            lastStep = step;
            game.stepDone();
            PlaybackStep previous = before;
            before = step;
            // Claimed first, then answered: a step claimed here is never skipped by the grace, and one that
            // somebody else settled (or the grace skipped) is left alone (never "isSettled() then act").
            PassiveStep pending = step instanceof PassiveStep passive && passive.claim() ? passive : null;
            if (pending == null || previous == null || previous.isSettled()) {
                show(step, pending);
                return;
            }
            // As playback applies answers: only once the step before has settled (the active step it answers,
            // whose command may still be changing the game on another thread, or the answer before it), so in
            // route order. Nothing is pulled meanwhile; the answer is shown and applied on the session's worker.
            block(true);
            waiting.update(previous.result().timeout(answerWait).subscribe(
                    result -> schedule(() -> afterPrevious(pending, result)),
                    error -> schedule(() -> stalled(pending, previous))));
        }

        private void schedule(Runnable task) {
            try {
                worker.schedule(task);
            } catch (RejectedExecutionException e) {
                // The session closed meanwhile: nothing is shown any more.
            }
        }

        /** Shows and answers a claimed passive step once the step before it has settled; on the worker. */
        private void afterPrevious(PassiveStep pending, ReplayCommandResult previous) {
            // A step before that failed (or a playback that ended meanwhile) abandons this one: nothing to apply.
            if (closed || pending.isSettled() || previous == ReplayCommandResult.FAILED || isTerminated()) {
                return;
            }
            show(pending, pending);
            if (dialog.get() == null) {
                block(false);
            }
        }

        /** Fails a claimed passive step whose step before never settled: the game's command waits on it. */
        private void stalled(PassiveStep pending, PlaybackStep previous) {
            if (closed || pending.isSettled()) {
                return;
            }
            pending.fail(new IllegalStateException("step " + previous.step().index() + " did not complete within "
                    + answerWait.toMillis() + " ms: the viewer applies a passive step's answer only after the step "
                    + "before it, so an active command must not wait on its passive steps"));
        }

        /** Applies or asks a claimed passive step (or none), then sends the step to the page. */
        private void show(PlaybackStep step, @Nullable PassiveStep pending) {
            if (step.seeking()) {
                if (pending != null) {
                    applyRecorded(pending); // fast-forwarding replays the route's answers
                }
                return;
            }
            // A seek asked for meanwhile goes on through this step: the route's answer, no dialog to wait for.
            GameReplay.Prompt prompt = pending != null && interactive && !isSeeking() ? promptFor(pending) : null;
            if (pending != null && prompt == null && !pending.isSettled()) {
                applyRecorded(pending);
            }
            long now = System.nanoTime();
            boolean withView = prompt != null || now - lastViewNanos >= VIEW_INTERVAL_NANOS
                    || sandbox.state() != PlaybackState.PLAYING;
            ObjectNode out = Json.object().put("t", "step").put("i", step.step().index()).put("c", step.step().code())
                    .put("n", names.getOrDefault(step.step().code(), "code " + step.step().code()));
            if (withView) {
                lastViewNanos = now;
                out.set("v", view());
            }
            if (prompt != null) {
                ObjectNode asks = out.putObject("prompt").put("title", prompt.title()).put("recorded", prompt.recorded())
                        .put("ms", dialogTimeout.toMillis());
                prompt.options().forEach(asks.putArray("options")::add);
                PassiveStep asked = Objects.requireNonNull(pending, "a prompt is only for a claimed step");
                Disposable.Swap timer = Disposables.swap();
                Dialog open = new Dialog(asked, prompt.recorded(), timer);
                block(true);
                dialog.set(open);
                timer.update(worker.schedule(() -> closeDialog(open, -1),
                        dialogTimeout.toMillis(), TimeUnit.MILLISECONDS));
            }
            sendStep(Json.write(out));
        }

        /**
         * Asks the game how to show a claimed passive step. A prompt that throws (a hostile file's param the
         * game cannot read) fails that step, as an apply that throws does: playback fails naming the step and
         * the passive phase, and the controls go on answering.
         *
         * @return the prompt, or {@code null} to apply the recorded answer (or because the step has failed)
         */
        private GameReplay.@Nullable Prompt promptFor(PassiveStep step) {
            try {
                return replay.prompt(step.step());
            } catch (RuntimeException e) {
                step.fail(new IllegalArgumentException("the game cannot show this step as a choice: " + e, e));
                return null;
            }
        }

        @Override
        protected void hookOnComplete() {
            sendView("ended");
        }

        @Override
        protected void hookOnError(Throwable error) {
            ObjectNode out = Json.object().put("t", "failed");
            ReplayPlaybackException failed = find(error);
            if (failed != null) {
                out.put("step", failed.stepIndex()).put("code", failed.code())
                        .put("name", names.getOrDefault(failed.code(), "code " + failed.code()))
                        .put("phase", failed.phase().label());
            }
            ReplayDesyncException.in(error).ifPresent(desync -> out.putObject("desync")
                    .put("from", desync.lastMatchedIndex()).put("to", desync.stepIndex()));
            out.put("message", String.valueOf(error.getMessage())).put("replayed", replayed());
            session.send(out.set("v", view()));
        }

        private static @Nullable ReplayPlaybackException find(Throwable error) {
            for (Throwable cause = error; cause != null; cause = cause.getCause()) {
                if (cause instanceof ReplayPlaybackException failed) {
                    return failed;
                }
            }
            return null;
        }
    }
}

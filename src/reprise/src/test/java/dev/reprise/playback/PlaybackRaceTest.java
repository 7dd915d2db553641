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

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.test.util.RaceTestUtils;

/**
 * Controls (pause, step, seek, stop) raced against what else reaches the drain — a command's result, a passive
 * answer, a request, a cancel — each from its own thread, many rounds each: a signal the drain loses leaves a
 * control's Mono or the playback hanging, which the bounded waits turn into a failure. Every round then checks
 * that steps came in route order, none twice, and that {@code replayed()} stands at the end of the last group.
 */
class PlaybackRaceTest {

    /** Rounds per race: enough for a lost wake-up to show within a few seconds on a loaded 2-core machine. */
    private static final int ROUNDS = 200;
    /** Groups raced in one long playback. */
    private static final int EPISODES = 2_000;
    private static final long WAIT_SECONDS = 5;
    private static final int ACTIVE = 1;
    private static final int PASSIVE = 2;

    @Test
    void stepAndPause_raceTheCommandsResult_andBothAnswer() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            Game game = Game.of(ACTIVE, ACTIVE, ACTIVE);
            ReplaySandbox sandbox = game.sandbox();
            Steps steps = game.subscribe(sandbox, Long.MAX_VALUE);
            CompletableFuture<PlaybackStep> first = sandbox.step().toFuture();
            List<CompletableFuture<?>> answers = new CopyOnWriteArrayList<>();
            RaceTestUtils.race(
                    game::completeCommand,
                    () -> answers.add(sandbox.step().toFuture()),
                    () -> answers.add(sandbox.pause().toFuture()));
            assertThat(await(first)).extracting(step -> step.step().index()).isEqualTo(0);
            game.completeCommandsUntil(() -> answers.stream().allMatch(CompletableFuture::isDone));
            for (CompletableFuture<?> answer : answers) {
                await(answer);
            }
            assertThat(sandbox.state()).isEqualTo(PlaybackState.PAUSED);
            assertThat(game.executed).containsExactly(0, 1);
            game.assertConsistent(sandbox, steps);
            assertThat(sandbox.replayed()).isEqualTo(2);
        }
    }

    /**
     * One long playback, group after group: the group's command result, its passive answer, the step that
     * asks for the next group and a pause race, and then nothing else happens — so if the drain loses any of
     * those signals, the next group is never dispatched and the bounded wait fails.
     */
    @Test
    void stepRacesTheResultAndTheAnswerOfTheGroupInFlight_everyGroupIsDispatched() throws Exception {
        int[] codes = new int[2 * (EPISODES + 1)];
        for (int i = 0; i < codes.length; i++) {
            codes[i] = i % 2 == 0 ? ACTIVE : PASSIVE;
        }
        Game game = Game.of(codes);
        ReplaySandbox sandbox = game.sandbox();
        Steps steps = game.subscribe(sandbox, Long.MAX_VALUE);
        CompletableFuture<PlaybackStep> inFlight = sandbox.step().toFuture();
        List<CompletableFuture<?>> pauses = new CopyOnWriteArrayList<>();
        for (int episode = 0; episode < EPISODES; episode++) {
            PassiveStep passive = (PassiveStep) steps.received.get(2 * episode + 1);
            List<CompletableFuture<PlaybackStep>> next = new CopyOnWriteArrayList<>();
            RaceTestUtils.race(
                    game::completeCommand,
                    () -> passive.complete(ReplayCommandResult.SUCCESS),
                    () -> next.add(sandbox.step().toFuture()),
                    () -> pauses.add(sandbox.pause().toFuture()));
            // Nothing else comes now: only the raced signals can settle this group and dispatch the next.
            awaitUntil(() -> !game.pending.isEmpty());
            assertThat(await(inFlight).step().index()).isEqualTo(2 * episode);
            inFlight = next.get(0);
        }
        game.completeCommand();
        assertThat(await(inFlight).step().index()).isEqualTo(2 * EPISODES);
        for (CompletableFuture<?> pause : pauses) {
            await(pause);
        }
        assertThat(sandbox.state()).isEqualTo(PlaybackState.PAUSED);
        game.assertConsistent(sandbox, steps);
    }

    @Test
    void stop_racesAPassiveAnswer_aRequestAndAStep_andPlaybackEnds() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            Game game = Game.of(ACTIVE, PASSIVE, ACTIVE, PASSIVE, ACTIVE, PASSIVE);
            ReplaySandbox sandbox = game.sandbox();
            Steps steps = game.subscribe(sandbox, 2);
            // The active step's command runs, its passive step waits for that result and for its answer.
            CompletableFuture<PlaybackStep> first = sandbox.step().toFuture();
            PassiveStep passive = (PassiveStep) steps.received.get(1);
            List<CompletableFuture<?>> answers = new CopyOnWriteArrayList<>();
            RaceTestUtils.race(
                    game::completeCommand,
                    () -> passive.complete(ReplayCommandResult.SUCCESS),
                    () -> steps.request(1),
                    () -> answers.add(sandbox.step().toFuture()),
                    () -> answers.add(sandbox.stop().toFuture()));
            game.completeCommandsUntil(() -> sandbox.state().isTerminal());
            await(first);
            for (CompletableFuture<?> answer : answers) {
                await(answer);
            }
            assertThat(await(sandbox.terminated().toFuture())).isEqualTo(PlaybackState.STOPPED);
            assertThat(steps.done).isTrue();
            game.assertConsistent(sandbox, steps);
        }
    }

    @Test
    void cancel_racesAStep_andTheCommandsResult_andPlaybackEnds() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            Game game = Game.of(ACTIVE, PASSIVE, ACTIVE, PASSIVE, ACTIVE);
            ReplaySandbox sandbox = game.sandbox();
            Steps steps = game.subscribe(sandbox, Long.MAX_VALUE);
            CompletableFuture<PlaybackStep> first = sandbox.step().toFuture();
            List<CompletableFuture<?>> answers = new CopyOnWriteArrayList<>();
            RaceTestUtils.race(
                    game::completeCommand,
                    steps::cancel,
                    () -> answers.add(sandbox.step().toFuture()),
                    () -> answers.add(sandbox.pause().toFuture()));
            game.completeCommandsUntil(() -> sandbox.state().isTerminal());
            await(first);
            for (CompletableFuture<?> answer : answers) {
                await(answer);
            }
            assertThat(await(sandbox.terminated().toFuture())).isEqualTo(PlaybackState.STOPPED);
            game.assertConsistent(sandbox, steps);
        }
    }

    @Test
    void seekAndPlay_raceTheCommandsResult_aPassiveAnswerAndAPause_andTheSeekLands() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            Game game = Game.of(ACTIVE, PASSIVE, ACTIVE, PASSIVE, ACTIVE, PASSIVE, ACTIVE, PASSIVE);
            ReplaySandbox sandbox = game.sandbox();
            Steps steps = game.subscribe(sandbox, Long.MAX_VALUE);
            CompletableFuture<PlaybackStep> first = sandbox.step().toFuture();
            PassiveStep passive = (PassiveStep) steps.received.get(1);
            List<CompletableFuture<?>> answers = new CopyOnWriteArrayList<>();
            RaceTestUtils.race(
                    game::completeCommand,
                    () -> passive.complete(ReplayCommandResult.SUCCESS),
                    () -> answers.add(sandbox.seek(6).toFuture()),
                    () -> answers.add(sandbox.pause().toFuture()));
            game.completeCommandsUntil(() -> answers.stream().allMatch(CompletableFuture::isDone));
            await(first);
            for (CompletableFuture<?> answer : answers) {
                await(answer);
            }
            assertThat(sandbox.replayed()).isEqualTo(6);
            assertThat(game.executed).containsExactly(0, 2, 4);
            game.assertConsistent(sandbox, steps);
            await(sandbox.stop().toFuture());
            assertThat(sandbox.state()).isEqualTo(PlaybackState.STOPPED);
        }
    }

    private static <T> T await(CompletableFuture<T> future) throws Exception {
        return future.get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** Waits, bounded, for what another thread does; the drain is lock-free, so this spins briefly. */
    private static void awaitUntil(BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waited %d s", WAIT_SECONDS).isLessThan(deadline);
            Thread.onSpinWait();
        }
    }

    /** A route of active steps whose commands answer only when the test says so, and passive steps. */
    private static final class Game {

        final ReplaySystem system = new ReplaySystem();
        final List<Integer> executed = new CopyOnWriteArrayList<>();
        final Queue<Sinks.One<ReplayCommandResult>> pending = new ConcurrentLinkedQueue<>();

        static Game of(int... codes) {
            Game game = new Game();
            game.system.registerCommand(ACTIVE, ReplayCommand.active((step, context) -> {
                game.executed.add(step.index());
                Sinks.One<ReplayCommandResult> result = Sinks.one();
                game.pending.add(result);
                return result.asMono();
            }));
            game.system.registerCommand(PASSIVE, ReplayCommand.passive());
            for (int code : codes) {
                game.system.record(code);
            }
            return game;
        }

        ReplaySandbox sandbox() {
            return sandbox(builder -> { });
        }

        ReplaySandbox sandbox(java.util.function.Consumer<SandboxConfig.Builder<Object>> customize) {
            SandboxConfig.Builder<Object> builder = SandboxConfig.builder(system.array(), save -> { }).startPaused(true);
            customize.accept(builder);
            return system.createReplaySandbox(builder.build());
        }

        Steps subscribe(ReplaySandbox sandbox, long initialRequest) {
            Steps subscriber = new Steps(initialRequest);
            sandbox.steps().subscribe(subscriber);
            return subscriber;
        }

        /** Answers the command in flight, if one waits. */
        void completeCommand() {
            Sinks.One<ReplayCommandResult> result = pending.poll();
            if (result != null) {
                result.tryEmitValue(ReplayCommandResult.SUCCESS);
            }
        }

        /** Answers commands as they come until {@code done} holds, within the bounded wait. */
        void completeCommandsUntil(BooleanSupplier done) {
            awaitUntil(() -> {
                completeCommand();
                return done.getAsBoolean();
            });
        }

        /** Steps came in route order, none twice, and replayed() stands after the last group emitted. */
        void assertConsistent(ReplaySandbox sandbox, Steps steps) {
            assertThat(executed).isSorted().doesNotHaveDuplicates();
            List<Integer> indices = steps.received.stream().map(step -> step.step().index()).toList();
            assertThat(indices).isSorted().doesNotHaveDuplicates();
            assertThat(indices).containsAll(executed);
            int lastActive = executed.isEmpty() ? -1 : executed.get(executed.size() - 1);
            int groupEnd = lastActive + 1;
            while (groupEnd < system.array().length() && system.array().get(groupEnd).code() == PASSIVE) {
                groupEnd++;
            }
            assertThat(sandbox.replayed()).as("replayed() after %s", indices).isEqualTo(groupEnd);
        }
    }

    /** A subscriber to {@code steps()} that requests as told, from any thread. */
    private static final class Steps extends BaseSubscriber<PlaybackStep> {

        final List<PlaybackStep> received = new CopyOnWriteArrayList<>();
        private final long initialRequest;
        volatile boolean done;

        Steps(long initialRequest) {
            this.initialRequest = initialRequest;
        }

        @Override
        protected void hookOnSubscribe(Subscription subscription) {
            subscription.request(initialRequest);
        }

        @Override
        protected void hookOnNext(PlaybackStep step) {
            received.add(step);
        }

        @Override
        protected void hookFinally(reactor.core.publisher.SignalType type) {
            done = true;
        }
    }
}

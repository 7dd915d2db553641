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
import java.util.function.Consumer;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.SignalType;
import reactor.core.publisher.Sinks;

/**
 * The race tests' game: a route of active steps whose commands answer only when the test says so, and passive
 * steps; with a subscriber that requests as told and bounded waits. Every wait gives up after
 * {@value #WAIT_SECONDS} s: a signal the drain lost shows as a wait that fails.
 */
final class RaceGame {

    static final int ACTIVE = 1;
    static final int PASSIVE = 2;
    static final long WAIT_SECONDS = 5;

    final ReplaySystem system = new ReplaySystem();
    final List<Integer> executed = new CopyOnWriteArrayList<>();
    final Queue<Sinks.One<ReplayCommandResult>> pending = new ConcurrentLinkedQueue<>();

    private RaceGame() {
    }

    static RaceGame of(int... codes) {
        RaceGame game = new RaceGame();
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

    /** A route of {@code groups} groups, each an active step followed by {@code passivePerGroup} passive ones. */
    static RaceGame ofGroups(int groups, int passivePerGroup) {
        int[] codes = new int[groups * (1 + passivePerGroup)];
        for (int i = 0; i < codes.length; i++) {
            codes[i] = i % (1 + passivePerGroup) == 0 ? ACTIVE : PASSIVE;
        }
        return of(codes);
    }

    /** A sandbox that starts paused. */
    ReplaySandbox sandbox() {
        return sandbox(builder -> { });
    }

    ReplaySandbox sandbox(Consumer<SandboxConfig.Builder<Object>> customize) {
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

    static <T> T await(CompletableFuture<T> future) throws Exception {
        return future.get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    /** Waits, bounded, for what another thread does; the drain is lock-free, so this spins briefly. */
    static void awaitUntil(BooleanSupplier condition) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waited %d s", WAIT_SECONDS).isLessThan(deadline);
            Thread.onSpinWait();
        }
    }

    /** A subscriber to {@code steps()} that requests as told, from any thread. */
    static final class Steps extends BaseSubscriber<PlaybackStep> {

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
        protected void hookFinally(SignalType type) {
            done = true;
        }
    }
}

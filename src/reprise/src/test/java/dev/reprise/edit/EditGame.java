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
package dev.reprise.edit;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.desync.StateHashCheck;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.playback.SnapshotProvider;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayStep;
import dev.reprise.verify.VerifiableGame;
import java.util.OptionalLong;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import org.jspecify.annotations.Nullable;

/**
 * A small deterministic game for editor tests: every active step, passive answer and finalize folds into
 * one {@code long}, order-sensitively, so a step played twice, skipped or reordered, or a window finalized
 * at another place, changes it. Codes {@link #A} and {@link #B} are active (one int param, with a
 * finalizer), {@link #P} is passive (one int param, applied after the active step it answers), {@link #H}
 * is a state-hash step (a {@link StateHashCheck} of the value). Counts the
 * commands it runs, so tests can bound the work of a seek without timing it.
 */
final class EditGame implements VerifiableGame {

    static final int A = 0;
    static final int B = 1;
    static final int P = 2;
    /** The state-hash steps' code: the value's hash is the value itself. */
    static final int H = 3;
    /** An active step with this param fails playback. */
    static final int FAILING_PARAM = 666;

    final ReplaySystem system = new ReplaySystem();
    private final int interval;
    private final long budget;
    private final boolean keepsStates;
    @Nullable
    private final Scheduler runOn;
    long value;
    /** Active steps executed, passive answers applied. */
    int executed;
    int captures;
    int restores;
    /** Every {@code execute}'s step index, in order, cleared by tests between phases. */
    final java.util.List<Integer> executedSteps = new java.util.ArrayList<>();
    @Nullable
    volatile Thread lastThread;

    EditGame(int interval, long budget, boolean keepsStates, @Nullable Scheduler runOn) {
        this.interval = interval;
        this.budget = budget;
        this.keepsStates = keepsStates;
        this.runOn = runOn;
        for (int code : new int[] {A, B}) {
            system.registerCommand(code, code == A ? "A" : "B", ReplayCommand.withFinalizer(
                    (step, context) -> {
                        if (step.intParam(0) == FAILING_PARAM) {
                            return Mono.just(ReplayCommandResult.FAILED);
                        }
                        executed++;
                        executedSteps.add(step.index());
                        lastThread = Thread.currentThread();
                        value = fold(value, step);
                        return Mono.just(ReplayCommandResult.SUCCESS);
                    },
                    context -> {
                        value = value * 7 + code + 1;
                        return Mono.just(ReplayCommandResult.SUCCESS);
                    }));
        }
        system.registerCommand(P, "P", ReplayCommand.passive(step -> {
            executed++;
            value = value * 13 + 500 + step.intParam(0);
        }));
        system.registerCommand(H, "H", new StateHashCheck(() -> value));
    }

    /** A game with kept states every {@code interval} steps and a budget that keeps them all. */
    static EditGame keeping(int interval) {
        return new EditGame(interval, Long.MAX_VALUE / 2, true, null);
    }

    static long fold(long value, ReplayStep step) {
        return value * 31 + step.code() * 1000L + step.intParam(0) + 1;
    }

    /** Records a route of {@code length} active steps, codes and params drawn from {@code seed}. */
    EditGame record(int length, long seed) {
        java.util.Random random = new java.util.Random(seed);
        for (int i = 0; i < length; i++) {
            system.record(random.nextInt(2), random.nextInt(100));
        }
        return this;
    }

    /**
     * Records a route of {@code length} active steps as {@link #record} does, with a state-hash step before
     * every {@code every}-th one carrying the hash a fresh playback finds there.
     */
    EditGame recordWithHashes(int length, int every, long seed) {
        java.util.Random random = new java.util.Random(seed);
        for (int i = 0; i < length; i++) {
            if (i > 0 && i % every == 0) {
                system.record(H, 0L);
            }
            system.record(random.nextInt(2), random.nextInt(100));
        }
        rehash(system.array());
        return this;
    }

    /** Writes into each state-hash step of {@code route} the hash a fresh playback finds before it. */
    static void rehash(ReplayArray route) {
        for (int h : hashSteps(route)) {
            route.set(h, H, freshPlayback(route, h, true));
        }
    }

    /** @return the indexes of {@code route}'s state-hash steps, ascending */
    static java.util.List<Integer> hashSteps(ReplayArray route) {
        java.util.List<Integer> steps = new java.util.ArrayList<>();
        for (int i = 0; i < route.length(); i++) {
            if (route.get(i).code() == H) {
                steps.add(i);
            }
        }
        return steps;
    }

    @Override
    public ReplaySystem system() {
        return system;
    }

    @Override
    public SandboxConfig<?> sandbox(ReplayArray route) {
        SandboxConfig.Builder<Object> builder = SandboxConfig.builder(route, save -> value = 0)
                .checkpointInterval(interval).checkpointBudget(budget);
        if (keepsStates) {
            builder.snapshots(snapshots());
        }
        if (runOn != null) {
            builder.runOn(runOn);
        }
        return builder.build();
    }

    @Override
    public OptionalLong stateHash() {
        return OptionalLong.of(value);
    }

    private SnapshotProvider<Long> snapshots() {
        return new SnapshotProvider<>() {
            @Override
            public Long capture() {
                captures++;
                return value;
            }

            @Override
            public void restore(Long snapshot) {
                restores++;
                value = snapshot;
            }

            @Override
            public long estimateBytes(Long snapshot) {
                return 100;
            }
        };
    }

    /**
     * The value after a fresh playback of {@code route}'s first {@code steps} steps on a new game: the
     * prefix played to its end (which finalizes the last window) when {@code finalize}, else a sandbox on
     * the whole route stepped group by group until it has played them (the window left open).
     */
    static long freshPlayback(ReplayArray route, int steps, boolean finalize) {
        EditGame fresh = new EditGame(1000, 1, false, null);
        ReplayArray played = fresh.system.array();
        for (int i = 0; i < (finalize ? steps : route.length()); i++) {
            ReplayStep step = route.get(i);
            played.add(step.code(), step.params().toArray(new Object[0]));
        }
        if (finalize) {
            fresh.system.playback(fresh.sandbox(played)).blockLast();
            return fresh.value;
        }
        var sandbox = fresh.system.createReplaySandbox(
                SandboxConfig.builder(played, save -> fresh.value = 0).startPaused(true).build());
        sandbox.steps().subscribe();
        while (sandbox.replayed() < steps) {
            sandbox.step().block();
        }
        return fresh.value;
    }
}

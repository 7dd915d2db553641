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

import dev.reprise.command.PassiveHandle;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import java.util.function.Consumer;
import reactor.core.publisher.Mono;

/**
 * A tiny deterministic game for seek tests: every active step and every finalize folds into one
 * {@code long}, order-sensitively, so any step played twice, skipped or reordered changes it. Logs like
 * {@link Harness} ({@code exec<code>@<index>}, {@code fin<code>}), with a {@code ~} prefix while seeking.
 */
final class SeekGame {

    final Harness h = new Harness();
    long value;
    int executed;
    int resets;
    int captures;
    int restores;
    /** Whether active commands answer the passive steps of their group, folding them into the value. */
    boolean answersPassives;

    /** Registers the active codes and records the route. */
    SeekGame(int[] activeCodes, int... route) {
        for (int code : activeCodes) {
            h.command(code, ReplayCommand.withFinalizer(
                    (step, context) -> {
                        executed++;
                        value = value * 31 + step.index() + 1;
                        h.log.add((context.seeking() ? "~" : "") + "exec" + code + "@" + step.index());
                        if (answersPassives) {
                            for (PassiveHandle passive : context.passiveSteps()) {
                                value = value * 31 + passive.step().index() + 1;
                                passive.complete(ReplayCommandResult.SUCCESS);
                            }
                        }
                        return Mono.just(ReplayCommandResult.SUCCESS);
                    },
                    context -> {
                        value = value * 7 + code;
                        h.log.add((context.seeking() ? "~" : "") + "fin" + code);
                        return Mono.just(ReplayCommandResult.SUCCESS);
                    }));
        }
        h.record(route);
    }

    /** A route of {@code length} steps alternating codes 0 and 1, so every group boundary is closed. */
    static SeekGame alternating(int length) {
        int[] route = new int[length];
        for (int i = 0; i < length; i++) {
            route[i] = i % 2;
        }
        return new SeekGame(new int[] {0, 1}, route);
    }

    SnapshotProvider<Long> snapshots() {
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

    /** A sandbox whose resetter zeroes the value. */
    ReplaySandbox sandbox(Consumer<SandboxConfig.Builder<Object>> customize) {
        SandboxConfig.Builder<Object> builder = SandboxConfig.builder(h.system.array(), save -> {
            resets++;
            value = 0;
        }).startPaused(true); // the seek tests drive play() and step() themselves
        customize.accept(builder);
        return h.system.createReplaySandbox(builder.build());
    }

    ReplaySandbox sandboxWithCheckpoints(int interval) {
        return sandbox(b -> b.snapshots(snapshots()).checkpointInterval(interval));
    }

    /** The value after playing the route straight to the first boundary at or after {@code k}, by a fresh playback. */
    long straightValue(int k) {
        long saved = value;
        ReplaySandbox sandbox = sandbox(b -> { });
        sandbox.steps().subscribe();
        while (sandbox.replayed() < k) {
            sandbox.step().block();
        }
        long result = value;
        sandbox.stop().block();
        value = saved;
        h.log.clear();
        return result;
    }
}

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

import static dev.reprise.command.ReplayCommandResult.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.command.ReplayCommand;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * With runOn the game thread owns the game: every callback — resetter, execute, finalizeRun, a passive
 * step's apply, snapshot capture, restore and estimate, the reset of a backward seek — runs on the worker.
 */
class RunOnOwnsTheGameTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final Scheduler game = Schedulers.newSingle("game");
    /** Every callback as {@code name@thread}. */
    private final List<String> calls = new CopyOnWriteArrayList<>();
    private final AtomicInteger position = new AtomicInteger();

    @AfterEach
    void tearDown() {
        game.dispose();
    }

    private void called(String name) {
        calls.add(name + "@" + Thread.currentThread().getName());
    }

    @Test
    void everyCallbackRunsOnTheWorker_andTheResetComesFirst() {
        Harness h = new Harness();
        for (int code = 1; code <= 2; code++) {
            h.command(code, ReplayCommand.withFinalizer((step, context) -> {
                called("execute");
                position.incrementAndGet();
                return Mono.just(SUCCESS);
            }, context -> {
                called("finalizeRun");
                return Mono.empty();
            }));
        }
        h.command(9, ReplayCommand.passive(step -> called("apply")));
        h.record(1, 9, 2, 1, 9, 2); // windows close between codes: checkpoints are taken there
        SandboxConfig<Object> config = SandboxConfig.builder(h.system.array(), save -> {
                    called("reset");
                    position.set(0);
                })
                .runOn(game)
                .startPaused(true)
                .checkpointInterval(1)
                .snapshots(new SnapshotProvider<Integer>() {
                    @Override
                    public Integer capture() {
                        called("capture");
                        return position.get();
                    }

                    @Override
                    public void restore(Integer snapshot) {
                        called("restore");
                        position.set(snapshot);
                    }

                    @Override
                    public long estimateBytes(Integer snapshot) {
                        called("estimateBytes");
                        return 16;
                    }
                })
                .build();

        ReplaySandbox sandbox = h.system.createReplaySandbox(config);
        assertThat(calls).as("nothing touches the game before the subscription").isEmpty();
        sandbox.steps().subscribe();
        sandbox.seek(6).block(TIMEOUT); // plays everything, capturing checkpoints
        sandbox.seek(3).block(TIMEOUT); // restores one
        sandbox.seek(0).block(TIMEOUT); // resets through the resetter
        sandbox.play();
        assertThat(sandbox.terminated().block(TIMEOUT)).isEqualTo(PlaybackState.ENDED);

        assertThat(calls).first().asString().startsWith("reset@");
        assertThat(calls).extracting(call -> call.substring(0, call.indexOf('@')))
                .contains("reset", "execute", "finalizeRun", "apply", "capture", "restore", "estimateBytes");
        assertThat(calls.stream().filter(call -> call.startsWith("reset@")).count()).isEqualTo(2);
        assertThat(calls).allSatisfy(call -> assertThat(call).matches("\\w+@game-\\d+"));
    }
}

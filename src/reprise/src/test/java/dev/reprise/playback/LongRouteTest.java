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
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

/** A 1,000,000-step route plays to the end without recursion and without holding played steps. */
class LongRouteTest {

    private static final int STEPS = 1_000_000;

    private static ReplaySystem longRoute(ReplayCommand command) {
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(1, command);
        for (int i = 0; i < STEPS; i++) {
            system.record(1);
        }
        return system;
    }

    private static ReplaySandbox open(ReplaySystem system) {
        ReplaySandbox sandbox = system.createReplaySandbox(SandboxConfig.builder(system.array(), save -> { }).build());
        sandbox.play();
        return sandbox;
    }

    @Test
    void synchronousCommands_unboundedDemand() {
        AtomicLong executed = new AtomicLong();
        ReplaySandbox sandbox = open(longRoute(ReplayCommand.sync(step -> executed.incrementAndGet())));
        StepVerifier.create(sandbox.steps().count()).expectNext((long) STEPS).expectComplete().verify(Duration.ofSeconds(60));
        assertThat(executed).hasValue(STEPS);
        assertThat(sandbox.replayed()).isEqualTo(STEPS);
    }

    @Test
    void playedSteps_areNotRetained() {
        ReplaySandbox sandbox = open(longRoute(ReplayCommand.sync(step -> { })));
        java.util.List<java.lang.ref.WeakReference<PlaybackStep>> sample = new java.util.ArrayList<>();
        StepVerifier.create(sandbox.steps()
                        .doOnNext(step -> {
                            if (step.step().index() % 100_000 == 0) {
                                sample.add(new java.lang.ref.WeakReference<>(step));
                            }
                        })
                        .count())
                .expectNext((long) STEPS)
                .expectComplete().verify(Duration.ofSeconds(60));
        assertThat(sample).hasSize(10);
        for (int attempt = 0; attempt < 20 && sample.stream().anyMatch(ref -> ref.get() != null); attempt++) {
            System.gc();
        }
        // Bounded memory: nothing holds on to a played step (the sandbox itself is still reachable here).
        assertThat(sample).allMatch(ref -> ref.get() == null);
        assertThat(sandbox.state()).isEqualTo(PlaybackState.ENDED);
    }

    @Test
    void synchronousCommands_demandOfOneAtATime() {
        ReplaySandbox sandbox = open(longRoute(ReplayCommand.sync(step -> { })));
        StepVerifier.create(sandbox.steps().limitRate(1).count()).expectNext((long) STEPS).expectComplete().verify(Duration.ofSeconds(60));
        assertThat(sandbox.state()).isEqualTo(PlaybackState.ENDED);
    }

    @Test
    void commandsCompletingOnAnotherScheduler() {
        Scheduler other = Schedulers.newSingle("commands");
        try {
            Mono<ReplayCommandResult> elsewhere = Mono.just(ReplayCommandResult.SUCCESS).publishOn(other);
            ReplaySandbox sandbox = open(longRoute(ReplayCommand.active((step, context) -> elsewhere)));
            StepVerifier.create(sandbox.steps().count())
                    .expectNext((long) STEPS)
                    .expectComplete()
                    .verify(Duration.ofMinutes(2));
            assertThat(sandbox.replayed()).isEqualTo(STEPS);
        } finally {
            other.dispose();
        }
    }
}

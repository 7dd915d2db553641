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
package dev.reprise.test;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.playback.SandboxConfig;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import reactor.core.publisher.Mono;

/**
 * A tiny game for the kit's tests: moves are queued while their run lasts and committed by the run's
 * finalize; a wait answers later on {@code Schedulers.parallel()} (virtual in virtual time); a talk opens a
 * choice a UI answers; a shop takes its choice itself.
 */
final class WalkGame {

    static final int RIGHT = 1;
    static final int WAIT = 10;
    static final int TALK = 11;
    static final int CHOICE = 12;
    static final int SHOP = 13;
    static final int STUCK = 14;
    static final int BREAK = 15;
    /** How long a WAIT takes. */
    static final Duration WAIT_TIME = Duration.ofMillis(30);

    final ReplaySystem system = new ReplaySystem();
    final AtomicInteger x = new AtomicInteger();
    final AtomicInteger queued = new AtomicInteger();
    final AtomicInteger waited = new AtomicInteger();
    final AtomicInteger talks = new AtomicInteger();
    final AtomicInteger gold = new AtomicInteger();

    WalkGame() {
        system.registerCommand(RIGHT, "RIGHT", ReplayCommand.withFinalizer(
                (step, context) -> {
                    queued.incrementAndGet();
                    return Mono.just(ReplayCommandResult.SUCCESS);
                },
                context -> {
                    x.addAndGet(queued.getAndSet(0));
                    return Mono.just(ReplayCommandResult.SUCCESS);
                }));
        system.registerCommand(WAIT, "WAIT", ReplayCommand.active((step, context) -> Mono.delay(WAIT_TIME)
                .doOnNext(tick -> waited.incrementAndGet()).thenReturn(ReplayCommandResult.SUCCESS)));
        system.registerCommand(TALK, "TALK", ReplayCommand.sync(step -> talks.incrementAndGet()));
        system.registerCommand(CHOICE, "CHOICE", ReplayCommand.passive());
        system.registerCommand(SHOP, "SHOP", ReplayCommand.active((step, context) -> context.nextPassive()
                .map(choice -> {
                    gold.addAndGet(10);
                    choice.complete(ReplayCommandResult.SUCCESS);
                    return ReplayCommandResult.SUCCESS;
                })
                .defaultIfEmpty(ReplayCommandResult.SUCCESS)));
        system.registerCommand(STUCK, "STUCK", ReplayCommand.active((step, context) -> Mono.never()));
        system.registerCommand(BREAK, "BREAK", ReplayCommand.sync(step -> {
            throw new IllegalStateException("broken at " + step.index());
        }));
    }

    WalkGame record(int... codes) {
        for (int code : codes) {
            system.record(code);
        }
        return this;
    }

    /** The config that plays the recorded route from the start, resetting the game. */
    SandboxConfig.Builder<Void> config() {
        return SandboxConfig.builder(system.array(), save -> {
            x.set(0);
            queued.set(0);
            waited.set(0);
            talks.set(0);
            gold.set(0);
        });
    }
}

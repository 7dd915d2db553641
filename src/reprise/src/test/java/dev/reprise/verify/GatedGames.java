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
package dev.reprise.verify;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.io.ReplayFile;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * Games whose every step waits for a gate, so that a test holds replays in work: the factory counts the
 * games it built and how many were alive at most (built minus verdicts the test saw).
 */
final class GatedGames implements GameFactory {

    static final int STEP = 1;

    final Sinks.Empty<Void> gate = Sinks.empty();
    final Queue<ReplaySystem> systems = new ConcurrentLinkedQueue<>();
    final AtomicInteger created = new AtomicInteger();
    final AtomicInteger verdicts = new AtomicInteger();
    final AtomicInteger mostAlive = new AtomicInteger();
    /** Released once per game whose first step is waiting at the gate. */
    final Semaphore waiting = new Semaphore(0);

    @Override
    public VerifiableGame create(ReplayFile file) {
        int alive = created.incrementAndGet() - verdicts.get();
        mostAlive.accumulateAndGet(alive, Math::max);
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(STEP, "STEP", ReplayCommand.active((step, context) -> {
            if (step.index() == 0) {
                waiting.release();
            }
            return gate.asMono().then(Mono.empty());
        }));
        systems.add(system);
        return VerifiableGame.<Void>of(system, save -> { }, null);
    }

    /** A file of {@code steps} STEP steps. */
    static byte[] file(int steps) {
        ReplaySystem recorder = new ReplaySystem();
        for (int i = 0; i < steps; i++) {
            recorder.record(STEP);
        }
        return ReplayFile.builder(recorder.saveState()).gameId("gated").gameBuild("1")
                .dictionary(recorder.commandDictionary()).build().toBytes();
    }
}

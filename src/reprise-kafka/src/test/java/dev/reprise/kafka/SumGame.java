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
package dev.reprise.kafka;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.ReplayVerifierProvider;
import dev.reprise.verify.VerifiableGame;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The Kafka tests' class path game: a total that {@value #ADD} "add" adds its param to. The worker's tests
 * find it as a {@link ReplayVerifierProvider}: {@code src/test/classpath-game} lists it for this module's
 * test run only, so that the test jar installs no game on the class path of the tests that use it.
 */
public final class SumGame implements ReplayVerifierProvider {

    static final String GAME_ID = "test.sum";
    static final int ADD = 1;

    /** For the {@link java.util.ServiceLoader}. */
    public SumGame() {
    }

    @Override
    public String gameId() {
        return GAME_ID;
    }

    @Override
    public ReplayVerifier.Builder verifier() {
        return ReplayVerifier.builder(file -> {
            AtomicLong total = new AtomicLong();
            ReplaySystem system = new ReplaySystem();
            system.registerCommand(ADD, "add", ReplayCommand.sync(step -> total.addAndGet(step.intParam(0))));
            return VerifiableGame.of(system, save -> total.set(0), total::get);
        }).gameId(GAME_ID);
    }
}

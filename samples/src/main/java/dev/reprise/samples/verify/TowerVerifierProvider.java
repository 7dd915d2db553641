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
package dev.reprise.samples.verify;

import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.verify.ReplayVerifier;
import dev.reprise.verify.ReplayVerifierProvider;

/**
 * The tower game as a verifiable game for the Kafka worker's {@code WorkerMain} and the replay tool:
 * listed in {@code META-INF/services/dev.reprise.verify.ReplayVerifierProvider}, as any game jar would.
 * Stateless and thread-safe.
 */
public final class TowerVerifierProvider implements ReplayVerifierProvider {

    /** Creates the provider; {@link java.util.ServiceLoader} calls it. */
    public TowerVerifierProvider() {
    }

    @Override
    public String gameId() {
        return TowerCommands.GAME_ID;
    }

    @Override
    public ReplayVerifier.Builder verifier() {
        return TowerVerification.verifier();
    }
}

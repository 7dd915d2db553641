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
package dev.reprise.shrink;

import dev.reprise.ReplaySystem;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplayArray;
import dev.reprise.verify.VerifiableGame;

/**
 * The kit tests' small games: a system to register commands on, and a sandbox that plays a route from the
 * start, {@link #reset()} putting the game back there first.
 */
abstract class KitGame implements VerifiableGame {

    /** The game's system; each game registers its commands on it. */
    final ReplaySystem system = new ReplaySystem();

    @Override
    public final ReplaySystem system() {
        return system;
    }

    @Override
    public SandboxConfig<?> sandbox(ReplayArray route) {
        SandboxConfig.Builder<Object> config = SandboxConfig.builder(route, save -> reset());
        configure(config);
        return config.build();
    }

    /** Puts the game back at its start, before a route is played (or seeked to). */
    abstract void reset();

    /**
     * Adds to the sandbox's config, e.g. snapshots; nothing by default.
     *
     * @param config the config, resetting the game at the start
     */
    void configure(SandboxConfig.Builder<Object> config) {
    }
}

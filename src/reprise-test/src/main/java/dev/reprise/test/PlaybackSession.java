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
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.playback.SandboxConfig;

/**
 * The one place the kit opens a playback: a sandbox on the system (which resets the game) set playing,
 * so nothing but the subscriber's demand holds it back.
 */
final class PlaybackSession {

    private PlaybackSession() {
    }

    /**
     * Opens and plays a sandbox.
     *
     * @param system the game's system
     * @param config what to play
     * @return the sandbox, {@code PLAYING}; it dispatches nothing until its steps are subscribed and requested
     */
    static ReplaySandbox open(ReplaySystem system, SandboxConfig<?> config) {
        ReplaySandbox sandbox = system.createReplaySandbox(config);
        sandbox.play();
        return sandbox;
    }
}

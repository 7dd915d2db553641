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

/**
 * The life cycle of a {@link ReplaySandbox}.
 *
 * <pre>
 *                play()                   pause()
 *   READY ─────────────────────► PLAYING ◄────────► PAUSED
 *     │ step() → PAUSED              │       play()       │
 *     │                              │                    │
 *     └──────────────┬───────────────┴────────────────────┘
 *                    ▼
 *      ENDED (route played out) · STOPPED (stop(), cancel) · FAILED (error)
 * </pre>
 */
public enum PlaybackState {
    /** Created; nothing dispatched yet; waiting for {@code play()} or {@code step()}. */
    READY,
    /** Dispatching groups as demand and pacing allow. */
    PLAYING,
    /** Not dispatching, except one group per {@code step()}. */
    PAUSED,
    /** The whole route was played and its last window finalized; the Flux completed. */
    ENDED,
    /** Stopped by {@code stop()}, a cancelled subscription or a newer sandbox; the Flux completed. */
    STOPPED,
    /** A step, passive handle or finalizer failed, or the route changed; the Flux errored. */
    FAILED;

    /**
     * Tells whether this state is final.
     *
     * @return {@code true} for {@link #ENDED}, {@link #STOPPED} and {@link #FAILED}
     */
    public boolean isTerminal() {
        return this == ENDED || this == STOPPED || this == FAILED;
    }
}

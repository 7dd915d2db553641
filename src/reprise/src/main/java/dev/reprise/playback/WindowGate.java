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
 * What the engine asks of a subscriber that receives the playback window by window
 * ({@link PlaybackWindows}): the engine opens and closes windows through it, and takes the demand for
 * steps from the open window instead of from its own subscription (whose demand then counts windows).
 * Called from the engine's drain only.
 */
interface WindowGate {

    /** Opens a window keyed by {@code code} and emits it; called only with outstanding window demand. */
    void openWindow(int code);

    /** Completes the open window: its finalize has settled (or it was dropped by a seek or is lone). */
    void closeWindow();

    /** @return the open window's outstanding demand for steps, 0 when none is open */
    long stepDemand();

    /** Uses one unit of the open window's demand. */
    void stepProduced();
}

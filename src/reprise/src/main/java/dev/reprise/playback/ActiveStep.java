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

import dev.reprise.route.ReplayStep;

/**
 * An active step: executed by its code's command; it settles with the command's result.
 *
 * <p>Emitted before its command is subscribed, so {@link #result()} may still be pending when the
 * subscriber sees it. Thread-safe.
 */
public final class ActiveStep extends PlaybackStep {

    private final int passiveCount;

    ActiveStep(ReplayStep step, int passiveCount) {
        super(step);
        this.passiveCount = passiveCount;
    }

    /**
     * Returns how many passive steps follow this step in its group: the {@link PassiveStep}s emitted
     * right after it, which its command may take through its context.
     *
     * @return the number of passive steps in this step's group, &gt;= 0
     */
    public int passiveCount() {
        return passiveCount;
    }
}

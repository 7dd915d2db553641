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
package dev.reprise.route;

import dev.reprise.diagnostic.ReplayException;

/**
 * Ends a subscription to {@link ReplayArray#recorded(int)} (or {@code ReplaySystem.recorded()}) whose
 * subscriber fell too far behind: more steps were recorded than its buffer holds while it was not taking them. The game never waits for a
 * spectator, so a slow one is dropped instead. Subscribe again (it sees steps from then on) or read the
 * route itself to catch up. Immutable.
 */
public final class RecordedOverflowException extends ReplayException {

    private static final long serialVersionUID = 1L;

    private final int bufferSize;
    private final int stepIndex;

    /**
     * Creates the exception.
     *
     * @param bufferSize the subscriber's buffer, in steps
     * @param stepIndex  the 0-based index of the step that did not fit
     */
    RecordedOverflowException(int bufferSize, int stepIndex) {
        super("A subscriber of recorded() fell more than " + bufferSize + " steps behind (its buffer size): step "
                + stepIndex + " did not fit, so the subscriber is dropped. Consume faster, subscribe with a larger "
                + "buffer through ReplayArray.recorded(int), or read the route itself to catch up.");
        this.bufferSize = bufferSize;
        this.stepIndex = stepIndex;
    }

    /** @return the subscriber's buffer size, in steps */
    public int bufferSize() {
        return bufferSize;
    }

    /** @return the 0-based index, in the route, of the first step the subscriber missed */
    public int stepIndex() {
        return stepIndex;
    }
}

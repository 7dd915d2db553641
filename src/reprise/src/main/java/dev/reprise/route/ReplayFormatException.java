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
 * Thrown when bytes that should hold a route (or a replay file) are malformed.
 *
 * <p>The message names what is wrong and where; {@link #stepIndex()} and {@link #byteOffset()} give
 * the position as numbers ({@code -1} where not applicable). Whatever threw it has changed nothing:
 * the route that was loaded before is still there, untouched.
 */
public final class ReplayFormatException extends ReplayException {

    private static final long serialVersionUID = 1L;

    private final int stepIndex;
    private final long byteOffset;

    /**
     * Creates an exception.
     *
     * @param message    what is wrong and where
     * @param stepIndex  the 0-based step the problem belongs to, or {@code -1}
     * @param byteOffset the byte offset of the problem in the input it was found in, or {@code -1}
     */
    public ReplayFormatException(String message, int stepIndex, long byteOffset) {
        super(message);
        this.stepIndex = stepIndex;
        this.byteOffset = byteOffset;
    }

    /**
     * Creates an exception with a cause.
     *
     * @param message    what is wrong and where
     * @param stepIndex  the 0-based step the problem belongs to, or {@code -1}
     * @param byteOffset the byte offset of the problem, or {@code -1}
     * @param cause      the underlying failure
     */
    public ReplayFormatException(String message, int stepIndex, long byteOffset, Throwable cause) {
        super(message, cause);
        this.stepIndex = stepIndex;
        this.byteOffset = byteOffset;
    }

    /**
     * Returns the 0-based index of the step the problem belongs to.
     *
     * @return the step index, or {@code -1} if the problem is not in a step
     */
    public int stepIndex() {
        return stepIndex;
    }

    /**
     * Returns the byte offset of the problem within the input it was found in (the param area, the
     * command area or a file, as the message says).
     *
     * @return the offset, or {@code -1}
     */
    public long byteOffset() {
        return byteOffset;
    }
}

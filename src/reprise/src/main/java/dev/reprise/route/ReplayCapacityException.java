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
 * Thrown when a write would take a route past its configured maximum number of steps or param
 * bytes ({@link ReplayArrayConfig#commandMaxLength()}, {@link ReplayArrayConfig#paramMaxLength()}),
 * when a replay file would not fit the caps of the reader it is built for, or when reading a
 * replay file cannot get the memory it needs from the shared decoding budget within the reader's
 * {@link dev.reprise.io.ReplayFileReader#memoryWait() memory wait}.
 *
 * <p>Nothing of the rejected write is left behind: the route is exactly as it was before the call;
 * a refused read holds no memory.
 */
public final class ReplayCapacityException extends ReplayException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates an exception.
     *
     * @param message which cap was hit and by how much
     */
    public ReplayCapacityException(String message) {
        super(message);
    }
}

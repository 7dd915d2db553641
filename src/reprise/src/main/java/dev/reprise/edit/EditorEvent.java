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
package dev.reprise.edit;

import java.util.Objects;

/**
 * What a {@link ReplayEditor} did, as {@link ReplayEditor#events()} tells a UI: the route was edited, the
 * game was seeked, or the kept states changed. Immutable.
 *
 * @param kind what happened
 * @param step the step it happened at: the first step an edit (or undo, redo, restore) changed, the step a
 *             seek landed at, or the step a state was kept at
 */
public record EditorEvent(Kind kind, int step) {

    /**
     * Checks the event.
     *
     * @throws NullPointerException if {@code kind} is {@code null}
     */
    public EditorEvent {
        Objects.requireNonNull(kind, "kind");
    }

    /** The kinds of editor events. */
    public enum Kind {
        /** The route changed: an edit, an undo or redo, or a branch restored; the step is the first one changed. */
        EDITED,
        /** A seek landed: the game stands after the route's first {@code step} steps. */
        SEEKED,
        /** A state was kept at {@code step} (the kept states may also have lost some to the budget). */
        KEPT,
        /**
         * A seek refreshed the state-hash step at {@code step}, which an edit before it had made stale: the
         * step now carries the hash of the edited run's state there.
         */
        REHASHED
    }
}

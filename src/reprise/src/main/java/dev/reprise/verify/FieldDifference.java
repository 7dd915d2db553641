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
package dev.reprise.verify;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One field whose value differs between two described states ({@link VerifiableGame#describeState()}), as
 * {@link Lockstep} reports it: the field's path and its value on each side. Immutable.
 *
 * @param field the path of the field: map keys joined by dots, list positions in brackets, e.g.
 *              {@code hero.gold} or {@code stock[2]}
 * @param left  the value on the left side as text, or {@code null} if the field is only on the right
 * @param right the value on the right side as text, or {@code null} if the field is only on the left
 */
public record FieldDifference(String field, @Nullable String left, @Nullable String right) {

    /**
     * Checks the path.
     *
     * @throws NullPointerException if {@code field} is null
     * @throws IllegalArgumentException if both values are null (a field present on neither side)
     */
    public FieldDifference {
        Objects.requireNonNull(field, "field");
        if (left == null && right == null) {
            throw new IllegalArgumentException("field \"" + field + "\" is on neither side");
        }
    }

    /**
     * Returns the difference as one line: {@code hero.gold 52 ≠ 44}, or {@code tax only on the right: 3}.
     *
     * @return the line
     */
    public String line() {
        if (left == null) {
            return field + " only on the right: " + right;
        }
        if (right == null) {
            return field + " only on the left: " + left;
        }
        return field + " " + left + " \u2260 " + right;
    }
}

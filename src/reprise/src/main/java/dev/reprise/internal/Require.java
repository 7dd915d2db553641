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
package dev.reprise.internal;

import java.time.Duration;
import java.util.Objects;

/**
 * The checks builders and options run on each value as it is set, so a bad option fails at once with a
 * message that names the option and the value: {@code "maxSteps must be at least 1, was 0"}.
 */
public final class Require {

    private Require() {
    }

    /**
     * Checks a count.
     *
     * @param value the value set
     * @param name  the option's name
     * @throws IllegalArgumentException if it is below 1
     */
    public static void atLeastOne(long value, String name) {
        atLeastOne(value, name, "");
    }

    /**
     * Checks a count of something, named in the message ({@code "interval must be at least 1 step"}).
     *
     * @param value the value set
     * @param name  the option's name
     * @param unit  what is counted, singular, e.g. {@code "step"}; empty for a plain number
     * @throws IllegalArgumentException if it is below 1
     */
    public static void atLeastOne(long value, String name, String unit) {
        if (value < 1) {
            throw new IllegalArgumentException(
                    name + " must be at least 1" + (unit.isEmpty() ? "" : " " + unit) + ", was " + value);
        }
    }

    /**
     * Checks a duration.
     *
     * @param value the value set
     * @param name  the option's name
     * @return {@code value}
     * @throws NullPointerException     if it is null
     * @throws IllegalArgumentException if it is zero or negative
     */
    public static Duration positive(Duration value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isZero() || value.isNegative()) {
            throw new IllegalArgumentException(name + " must be positive, was " + value);
        }
        return value;
    }
}

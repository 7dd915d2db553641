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

import java.math.BigInteger;
import java.util.List;
import java.util.Objects;

/**
 * One decoded step of a route: its position, its command code and its params.
 *
 * <p>{@code index} is always the step's 0-based position in the route, whether the step came from
 * {@link ReplayArray#get(int)}, a read stream or playback. Params are the values read back from the
 * route: {@code Boolean}, {@code Integer} (tags 1–3), {@code Long} (tags 4–5), {@code Double},
 * {@code BigInteger} or {@code String}; never {@code null}. Immutable and thread-safe.
 *
 * @param index  the 0-based position of the step in its route
 * @param code   the command code, 0..65535
 * @param params the params, an immutable list
 */
public record ReplayStep(int index, int code, List<Object> params) {

    /**
     * Creates a step; the params are copied into an immutable list (no copy if already immutable).
     *
     * @throws NullPointerException if {@code params} or one of them is {@code null}
     */
    public ReplayStep {
        params = List.copyOf(params);
    }

    /**
     * Returns the number of params.
     *
     * @return {@code params().size()}
     */
    public int paramCount() {
        return params.size();
    }

    /**
     * Returns param {@code i}.
     *
     * @param i the param's position
     * @return the value, never {@code null}
     * @throws IndexOutOfBoundsException if there is no such param
     */
    public Object param(int i) {
        return params.get(i);
    }

    /**
     * Returns param {@code i} as an {@code int}.
     *
     * @param i the param's position
     * @return the value
     * @throws IllegalStateException if the param is not an {@code Integer}
     */
    public int intParam(int i) {
        return typed(i, Integer.class);
    }

    /**
     * Returns param {@code i}, an {@code Integer} or {@code Long}, as a {@code long}.
     *
     * @param i the param's position
     * @return the value
     * @throws IllegalStateException if the param is not an {@code Integer} or {@code Long}
     */
    public long longParam(int i) {
        Object value = param(i);
        if (value instanceof Integer || value instanceof Long) {
            return ((Number) value).longValue();
        }
        throw mismatch(i, "an integer", value);
    }

    /**
     * Returns param {@code i}, any number but a {@code BigInteger}, as a {@code double}.
     *
     * @param i the param's position
     * @return the value
     * @throws IllegalStateException if the param is not an {@code Integer}, {@code Long} or {@code Double}
     */
    public double doubleParam(int i) {
        Object value = param(i);
        if (value instanceof Integer || value instanceof Long || value instanceof Double) {
            return ((Number) value).doubleValue();
        }
        throw mismatch(i, "a number", value);
    }

    /**
     * Returns param {@code i} as a {@code boolean}.
     *
     * @param i the param's position
     * @return the value
     * @throws IllegalStateException if the param is not a {@code Boolean}
     */
    public boolean booleanParam(int i) {
        return typed(i, Boolean.class);
    }

    /**
     * Returns param {@code i} as a {@code String}.
     *
     * @param i the param's position
     * @return the value
     * @throws IllegalStateException if the param is not a {@code String}
     */
    public String stringParam(int i) {
        return typed(i, String.class);
    }

    /**
     * Returns param {@code i}, any integer, as a {@code BigInteger}.
     *
     * @param i the param's position
     * @return the value
     * @throws IllegalStateException if the param is not an {@code Integer}, {@code Long} or {@code BigInteger}
     */
    public BigInteger bigIntegerParam(int i) {
        Object value = param(i);
        if (value instanceof BigInteger big) {
            return big;
        }
        if (value instanceof Integer || value instanceof Long) {
            return BigInteger.valueOf(((Number) value).longValue());
        }
        throw mismatch(i, "an integer", value);
    }

    private <T> T typed(int i, Class<T> type) {
        Object value = param(i);
        if (type.isInstance(value)) {
            return type.cast(value);
        }
        throw mismatch(i, "a " + type.getSimpleName(), value);
    }

    private IllegalStateException mismatch(int i, String expected, Object value) {
        return new IllegalStateException("Param " + i + " of step " + index + " (code " + code + ") is "
                + Objects.requireNonNull(value).getClass().getSimpleName() + " " + value + ", not " + expected);
    }
}

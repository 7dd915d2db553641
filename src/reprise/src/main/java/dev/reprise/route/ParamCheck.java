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

import static dev.reprise.route.RouteLayout.MAX_BIGINT_BITS;
import static dev.reprise.route.RouteLayout.MAX_PARAMS;

import java.math.BigInteger;
import org.jspecify.annotations.Nullable;

/**
 * Checks the params of one step before anything is written: a value the route cannot store is a
 * programming error, reported as {@link IllegalArgumentException} naming the param's position, its type
 * and the limit it breaks, never dropped. Stateless.
 */
final class ParamCheck {

    /** The types {@link ReplayArray#add(int, Object...)} stores, for error messages. */
    private static final String SUPPORTED = "Boolean, Byte, Short, Integer, Long, Float, Double, BigInteger "
            + "(magnitude below 2^" + MAX_BIGINT_BITS + ") or String";
    private static final String SUFFIX = ". Nothing was written.";

    private ParamCheck() {
    }

    /**
     * Returns the bytes the params take once stored, tags included.
     *
     * @param params the params of one step
     * @param step   the index the step would take, for the message
     * @param code   the step's code, for the message
     * @throws IllegalArgumentException if there are more than 255 params or one cannot be stored
     */
    static long measure(Object[] params, int step, int code) {
        if (params.length > MAX_PARAMS) {
            Object extra = params[MAX_PARAMS];
            throw new IllegalArgumentException(prefix(MAX_PARAMS, extra, step, code) + "a step holds at most "
                    + MAX_PARAMS + " params (the count is one byte), " + params.length + " were given" + SUFFIX);
        }
        long bytes = 0;
        for (int i = 0; i < params.length; i++) {
            Object value = params[i];
            int size = ParamCodec.size(value);
            if (size < 0) {
                throw unsupported(i, value, size, step, code);
            }
            bytes += size;
        }
        return bytes;
    }

    /** The error for a {@code null} param. */
    static IllegalArgumentException nullParam(int position, int step, int code) {
        return new IllegalArgumentException(prefix(position, null, step, code) + "null cannot be stored; "
                + "a param must be a " + SUPPORTED + SUFFIX);
    }

    private static IllegalArgumentException unsupported(int position, Object value, int size, int step, int code) {
        if (value == null) {
            return nullParam(position, step, code);
        }
        if (size == ParamCodec.BIGINT_TOO_LARGE) {
            int bits = ((BigInteger) value).abs().bitLength();
            return new IllegalArgumentException(prefix(position, value, step, code) + "its magnitude has " + bits
                    + " bits, but a BigInteger param must be below 2^" + MAX_BIGINT_BITS + " in magnitude"
                    + " (at most " + MAX_BIGINT_BITS + " bits)" + SUFFIX);
        }
        return new IllegalArgumentException(prefix(position, value, step, code) + "the type is not supported; "
                + "a param must be a " + SUPPORTED + SUFFIX);
    }

    private static String prefix(int position, @Nullable Object value, int step, int code) {
        return "Param " + position + " (" + (value == null ? "null" : value.getClass().getName()) + ") of step "
                + step + " (code " + code + ") cannot be stored: ";
    }
}

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

import dev.reprise.route.ParamType;
import dev.reprise.route.ReplayCursor;
import dev.reprise.route.ReplayArray;
import java.math.BigInteger;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The kinds of value a param can hold, as a command reads them back: the editor accepts new params for a
 * code only in the kinds the route already records for it, so that the command still reads what it
 * expects (a string where it reads an int would fail it, or worse, desync it quietly).
 */
enum ParamKind {
    BOOLEAN, INTEGER, FLOAT, BIG_INTEGER, STRING;

    static ParamKind of(ParamType type) {
        return switch (type) {
            case BOOLEAN -> BOOLEAN;
            case INT8, INT16, INT32, INT64_POSITIVE, INT64_NEGATIVE -> INTEGER;
            case FLOAT64 -> FLOAT;
            case BIGINT_POSITIVE, BIGINT_NEGATIVE -> BIG_INTEGER;
            case LONG_STRING, SHORT_STRING -> STRING;
        };
    }

    /** @return the kind the route stores {@code value} as, or {@code null} if it stores no such value */
    @Nullable
    static ParamKind of(@Nullable Object value) {
        if (value instanceof Boolean) {
            return BOOLEAN;
        }
        if (value instanceof Long longValue) {
            return longValue == Long.MIN_VALUE ? BIG_INTEGER : INTEGER; // tags 4/5 cannot hold it
        }
        if (value instanceof Byte || value instanceof Short || value instanceof Integer) {
            return INTEGER;
        }
        if (value instanceof Float || value instanceof Double) {
            return FLOAT;
        }
        if (value instanceof BigInteger) {
            return BIG_INTEGER;
        }
        if (value instanceof String) {
            return STRING;
        }
        return null;
    }

    /**
     * Checks that the route records {@code code} with params of the kinds of {@code params} somewhere (any
     * recorded step of that code will do, so optional params stay possible); a code the route never
     * records takes any params the route can store.
     *
     * @throws IllegalArgumentException naming the first recorded step of the code and its kinds, if none matches
     */
    static void check(ReplayArray route, int code, Object[] params) {
        ParamKind[] wanted = new ParamKind[params.length];
        for (int i = 0; i < params.length; i++) {
            ParamKind kind = of(params[i]);
            if (kind == null) {
                return; // the route refuses it with its own message, naming the value
            }
            wanted[i] = kind;
        }
        int firstRecorded = -1;
        ParamKind[] recorded = null;
        ReplayCursor cursor = route.cursor(0);
        while (cursor.next()) {
            if (cursor.code() != code) {
                continue;
            }
            if (matches(cursor, wanted)) {
                return;
            }
            if (firstRecorded < 0) {
                firstRecorded = cursor.index();
                recorded = kinds(cursor);
            }
        }
        if (firstRecorded >= 0) {
            throw new IllegalArgumentException("The params " + Arrays.toString(wanted) + " do not fit command "
                    + code + ": the route records it with " + Arrays.toString(recorded) + " (step "
                    + firstRecorded + ") and never with these kinds");
        }
    }

    private static boolean matches(ReplayCursor cursor, ParamKind[] wanted) {
        if (cursor.paramCount() != wanted.length) {
            return false;
        }
        for (int i = 0; i < wanted.length; i++) {
            if (of(cursor.paramType(i)) != wanted[i]) {
                return false;
            }
        }
        return true;
    }

    private static ParamKind[] kinds(ReplayCursor cursor) {
        ParamKind[] kinds = new ParamKind[cursor.paramCount()];
        for (int i = 0; i < kinds.length; i++) {
            kinds[i] = of(cursor.paramType(i));
        }
        return kinds;
    }
}

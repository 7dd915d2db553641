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
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A deliberately simple model of a route for property tests: a list of steps holding the values they
 * must read back as, worked out from the value rules of docs/route-format.md without using the codec under test.
 */
final class RouteModel {

    /** One expected step: its code and the values its params read back as. */
    record Step(int code, List<Object> params) {
    }

    /** Params as they will be kept: the read-back values and the warning codes reported on the way. */
    record Normalised(List<Object> values, List<Integer> warnings, int bytes) {
    }

    private static final int MAX_BIGINT_BITS = 2040;

    final List<Step> steps = new ArrayList<>();
    CommandWidth width;
    int disabled;

    RouteModel(CommandWidth width) {
        this.width = width;
    }

    int paramBytes() {
        return steps.stream().mapToInt(s -> bytes(s.params())).sum();
    }

    List<ReplayStep> expected() {
        List<ReplayStep> expected = new ArrayList<>();
        for (Step s : steps) {
            expected.add(new ReplayStep(expected.size(), s.code(), s.params()));
        }
        return expected;
    }

    static Normalised normalise(Object[] params) {
        List<Integer> warnings = new ArrayList<>();
        int count = params.length;
        if (count > 255) {
            warnings.add(153);
            count = 255;
        }
        List<Object> values = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Object value = params[i];
            if (value instanceof BigInteger big && big.abs().bitLength() > MAX_BIGINT_BITS) {
                warnings.add(152);
            } else {
                Object back = readBack(value);
                if (back == null) {
                    warnings.add(148);
                } else {
                    values.add(back);
                }
            }
        }
        return new Normalised(values, warnings, bytes(values));
    }

    /** The value a param reads back as, or {@code null} if it is dropped as unsupported. */
    static Object readBack(Object value) {
        if (value instanceof Boolean || value instanceof Integer || value instanceof BigInteger) {
            return value;
        }
        if (value instanceof Byte || value instanceof Short) {
            return ((Number) value).intValue();
        }
        if (value instanceof Long l) {
            if (l == l.intValue()) {
                return l.intValue();
            }
            return l == Long.MIN_VALUE ? BigInteger.valueOf(l) : l;
        }
        if (value instanceof Double || value instanceof Float) {
            return ((Number) value).doubleValue();
        }
        if (value instanceof String s) {
            return withoutLoneSurrogates(s);
        }
        return null;
    }

    static String withoutLoneSurrogates(String s) {
        return s.codePoints()
                .map(cp -> cp >= 0xD800 && cp <= 0xDFFF ? 0xFFFD : cp)
                .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
    }

    /** Bytes the read-back values take, tags included (docs/route-format.md). */
    static int bytes(List<Object> values) {
        int bytes = 0;
        for (Object v : values) {
            bytes += bytes(v);
        }
        return bytes;
    }

    static int bytes(Object v) {
        if (v instanceof Boolean) {
            return 2;
        }
        if (v instanceof Integer i) {
            return i >= -128 && i <= 127 ? 2 : i >= -32768 && i <= 32767 ? 3 : 5;
        }
        if (v instanceof Long || v instanceof Double) {
            return 9;
        }
        if (v instanceof BigInteger big) {
            return 2 + Math.max(1, (big.abs().bitLength() + 7) / 8);
        }
        int utf8 = ((String) v).getBytes(StandardCharsets.UTF_8).length;
        return utf8 <= 223 ? 1 + utf8 : 5 + utf8;
    }
}

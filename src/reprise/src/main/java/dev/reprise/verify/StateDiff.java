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

import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The field-level difference of two described states ({@link VerifiableGame#describeState()}): walks both
 * at once and keeps the first {@code limit} differing fields and a count of all, so that a difference of a
 * million fields costs no more memory than a few. Paths are built only for the fields it keeps. Values are
 * compared as {@code describeState} promises: maps by key, lists and arrays by position, records as maps of
 * their components, enums by name, numbers by value, anything else by {@code toString()}. Not thread-safe:
 * one comparison's.
 */
final class StateDiff {

    /** The longest text of a value kept in a difference; a longer one is cut with an ellipsis. */
    private static final int MAX_VALUE_TEXT = 200;

    private final int limit;
    private final List<FieldDifference> first = new ArrayList<>();
    private long count;

    private StateDiff(int limit) {
        this.limit = limit;
    }

    /**
     * Compares two described states.
     *
     * @param left  the left side's state
     * @param right the right side's state
     * @param limit how many differing fields to keep, at least 0
     * @return the comparison
     */
    static StateDiff of(Map<String, ?> left, Map<String, ?> right, int limit) {
        StateDiff diff = new StateDiff(limit);
        diff.compareMaps(null, left, right);
        return diff;
    }

    /** @return whether no field differs */
    boolean same() {
        return count == 0;
    }

    /** @return the first differing fields, at most the limit, in the order met (the left side's order first) */
    List<FieldDifference> differences() {
        return List.copyOf(first);
    }

    /** @return how many fields differ in all */
    long count() {
        return count;
    }

    private void compare(Path path, @Nullable Object left, @Nullable Object right) {
        Object l = normalize(left);
        Object r = normalize(right);
        if (l instanceof Map<?, ?> lm && r instanceof Map<?, ?> rm) {
            compareMaps(path, lm, rm);
        } else if (l instanceof List<?> ll && r instanceof List<?> rl) {
            compareLists(path, ll, rl);
        } else if (!leafEquals(l, r)) {
            differ(path, text(l), text(r));
        }
    }

    private void compareMaps(@Nullable Path path, Map<?, ?> left, Map<?, ?> right) {
        for (Map.Entry<?, ?> entry : left.entrySet()) {
            Object key = entry.getKey();
            Object other = right.get(key);
            Path child = new Path(path, String.valueOf(key), -1);
            if (other == null && !right.containsKey(key)) {
                differ(child, text(normalize(entry.getValue())), null);
            } else {
                compare(child, entry.getValue(), other);
            }
        }
        for (Map.Entry<?, ?> entry : right.entrySet()) {
            if (!left.containsKey(entry.getKey())) {
                differ(new Path(path, String.valueOf(entry.getKey()), -1), null, text(normalize(entry.getValue())));
            }
        }
    }

    private void compareLists(Path path, List<?> left, List<?> right) {
        int common = Math.min(left.size(), right.size());
        for (int i = 0; i < common; i++) {
            compare(new Path(path, null, i), left.get(i), right.get(i));
        }
        for (int i = common; i < left.size(); i++) {
            differ(new Path(path, null, i), text(normalize(left.get(i))), null);
        }
        for (int i = common; i < right.size(); i++) {
            differ(new Path(path, null, i), null, text(normalize(right.get(i))));
        }
    }

    private void differ(Path path, @Nullable String left, @Nullable String right) {
        count++;
        if (first.size() < limit) {
            first.add(new FieldDifference(path.toString(), left, right));
        }
    }

    /** Maps, lists and numbers, strings, booleans as they are; arrays and collections as lists; records as maps. */
    private static @Nullable Object normalize(@Nullable Object value) {
        if (value == null || value instanceof Map || value instanceof List || value instanceof String
                || value instanceof Number || value instanceof Boolean) {
            return value;
        }
        if (value instanceof Enum<?> e) {
            return e.name();
        }
        if (value instanceof Collection<?> c) {
            return new ArrayList<>(c);
        }
        if (value.getClass().isArray()) {
            int length = Array.getLength(value);
            List<@Nullable Object> list = new ArrayList<>(length);
            for (int i = 0; i < length; i++) {
                list.add(Array.get(value, i));
            }
            return list;
        }
        if (value instanceof Record) {
            Map<String, @Nullable Object> components = components(value);
            if (components != null) {
                return components;
            }
        }
        return value.toString();
    }

    /** A record's components by name, or {@code null} if they cannot be read (then it counts by toString). */
    private static @Nullable Map<String, @Nullable Object> components(Object record) {
        Map<String, @Nullable Object> map = new LinkedHashMap<>();
        RecordComponent[] all = record.getClass().getRecordComponents();
        if (all == null) {
            return null;
        }
        try {
            for (RecordComponent component : all) {
                var accessor = component.getAccessor();
                accessor.setAccessible(true); // a game's records are often package-private
                map.put(component.getName(), accessor.invoke(record));
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
        return map;
    }

    private static boolean leafEquals(@Nullable Object left, @Nullable Object right) {
        if (left instanceof Number l && right instanceof Number r) {
            if (integral(l) && integral(r)) {
                return l instanceof BigInteger || r instanceof BigInteger ? l.toString().equals(r.toString())
                        : l.longValue() == r.longValue();
            }
            return Double.compare(l.doubleValue(), r.doubleValue()) == 0;
        }
        if (left == null || right == null) {
            return left == right;
        }
        return left.getClass() == right.getClass() ? left.equals(right) : left.toString().equals(right.toString());
    }

    private static boolean integral(Number n) {
        return n instanceof Integer || n instanceof Long || n instanceof Short || n instanceof Byte
                || n instanceof BigInteger;
    }

    private static String text(@Nullable Object value) {
        if (value == null) {
            return "null";
        }
        String text = value.toString();
        return text.length() <= MAX_VALUE_TEXT ? text : text.substring(0, MAX_VALUE_TEXT - 1) + "\u2026";
    }

    /** A field's path, built only for the fields kept: a parent and a key or a list position. */
    private record Path(@Nullable Path parent, @Nullable String key, int index) {

        @Override
        public String toString() {
            StringBuilder out = new StringBuilder();
            append(out);
            return out.toString();
        }

        private void append(StringBuilder out) {
            if (parent != null) {
                parent.append(out);
            }
            if (key == null) {
                out.append('[').append(index).append(']');
            } else {
                if (parent != null) {
                    out.append('.');
                }
                out.append(key);
            }
        }
    }
}

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
package dev.reprise.testing;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * The random values of one case of a {@link SeededCases} property: numbers in ranges, enum constants,
 * lists, strings and weighted choices. Like a property-testing library's generators, numbers and sizes
 * land on their edges (the bounds, zero, the extremes of a type) more often than a uniform draw would,
 * because that is where the bugs are.
 *
 * <p>Every value comes from one {@link SplittableRandom} seeded with the case seed, so a case draws the
 * same values every time it runs. Not thread-safe: one case, one thread.
 */
public final class Gen {

    /** One in this many numbers is an edge value. */
    private static final int EDGE_ODDS = 16;

    private final SplittableRandom random;

    Gen(SplittableRandom random) {
        this.random = random;
    }

    /** A new {@code Gen} whose values come from {@code seed}; for helpers and tests of the helpers. */
    public static Gen of(long seed) {
        return new Gen(new SplittableRandom(seed));
    }

    /** A {@link java.util.Random} seeded from this case, for code that takes one. */
    public Random random() {
        return new Random(random.nextLong());
    }

    /** {@code true} or {@code false}, evenly. */
    public boolean bool() {
        return random.nextBoolean();
    }

    /** Any {@code int}, with the edges 0, ±1, MIN and MAX more often. */
    public int ints() {
        return edge() ? pick(0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE) : random.nextInt();
    }

    /** An {@code int} from {@code min} to {@code max}, both included, with the bounds (and 0 inside them) more often. */
    public int between(int min, int max) {
        return (int) between((long) min, max);
    }

    /** Any {@code long}, with the edges 0, ±1, MIN and MAX more often. */
    public long longs() {
        return edge() ? pick(0L, 1L, -1L, Long.MIN_VALUE, Long.MAX_VALUE) : random.nextLong();
    }

    /** A {@code long} from {@code min} to {@code max}, both included, with the bounds (and 0 inside them) more often. */
    public long between(long min, long max) {
        if (min > max) {
            throw new IllegalArgumentException("min " + min + " > max " + max);
        }
        if (edge()) {
            long zero = min <= 0 && 0 <= max ? 0 : min;
            return pick(min, max, zero);
        }
        if (max == Long.MAX_VALUE && min == Long.MIN_VALUE) {
            return random.nextLong();
        }
        if (max - min >= 0 && max - min < Long.MAX_VALUE) {
            return min + random.nextLong(max - min + 1);
        }
        long value;
        do {
            value = random.nextLong();
        } while (value < min || value > max);
        return value;
    }

    /** A {@code double} from {@code min} to {@code max}, both included, with the bounds more often. */
    public double between(double min, double max) {
        if (edge()) {
            return random.nextBoolean() ? min : max;
        }
        return min + random.nextDouble() * (max - min);
    }

    /** Any {@code byte}, with the edges more often. */
    public byte bytes() {
        return (byte) between(Byte.MIN_VALUE, Byte.MAX_VALUE);
    }

    /** Any {@code short}, with the edges more often. */
    public short shorts() {
        return (short) between(Short.MIN_VALUE, Short.MAX_VALUE);
    }

    /** A {@link BigInteger} from {@code min} to {@code max}, both included, with the bounds and 0 more often. */
    public BigInteger between(BigInteger min, BigInteger max) {
        if (edge()) {
            BigInteger zero = min.signum() <= 0 && max.signum() >= 0 ? BigInteger.ZERO : min;
            return pick(min, max, zero);
        }
        BigInteger span = max.subtract(min).add(BigInteger.ONE);
        BigInteger offset;
        do {
            offset = new BigInteger(span.bitLength(), random());
        } while (offset.compareTo(span) >= 0);
        return min.add(offset);
    }

    /** One of {@code values}, evenly. */
    @SafeVarargs
    public final <T> T pick(T... values) {
        return values[random.nextInt(values.length)];
    }

    /** One of the constants of {@code type}, evenly. */
    public <E extends Enum<E>> E pick(Class<E> type) {
        return pick(type.getEnumConstants());
    }

    /** A value of one of {@code options}, chosen with the odds of their weights. */
    @SafeVarargs
    public final <T> T frequency(Weighted<? extends T>... options) {
        int total = 0;
        for (Weighted<? extends T> option : options) {
            total += option.weight();
        }
        int draw = random.nextInt(total);
        for (Weighted<? extends T> option : options) {
            draw -= option.weight();
            if (draw < 0) {
                return option.value().apply(this);
            }
        }
        throw new AssertionError("unreachable");
    }

    /** An option of {@link #frequency}: {@code value} draws it, {@code weight} its odds against the others. */
    public static <T> Weighted<T> weight(int weight, Function<Gen, ? extends T> value) {
        return new Weighted<>(weight, value);
    }

    /**
     * An option of {@link #frequency}.
     *
     * @param weight the option's odds against the others, positive
     * @param value draws the option's value
     * @param <T> the value's type
     */
    public record Weighted<T>(int weight, Function<Gen, ? extends T> value) {

        /** Checks the weight. */
        public Weighted {
            if (weight <= 0) {
                throw new IllegalArgumentException("weight must be positive, was " + weight);
            }
        }
    }

    /** A list of {@code minSize} to {@code maxSize} elements drawn by {@code element}; empty and full lists more often. */
    public <T> List<T> list(int minSize, int maxSize, Function<Gen, ? extends T> element) {
        int size = between(minSize, maxSize);
        List<T> list = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            list.add(element.apply(this));
        }
        return list;
    }

    /** A string of {@code minLength} to {@code maxLength} chars from {@code first} to {@code last}, lone surrogates included. */
    public String string(int minLength, int maxLength, char first, char last) {
        int length = between(minLength, maxLength);
        StringBuilder s = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            s.append((char) between(first, last));
        }
        return s.toString();
    }

    /** A string of {@code minLength} to {@code maxLength} chars, each one of {@code chars}. */
    public String string(int minLength, int maxLength, char... chars) {
        int length = between(minLength, maxLength);
        StringBuilder s = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            s.append(chars[random.nextInt(chars.length)]);
        }
        return s.toString();
    }

    private boolean edge() {
        return random.nextInt(EDGE_ODDS) == 0;
    }
}

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

import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import org.opentest4j.TestAbortedException;

/**
 * Runs a property as a plain JUnit test over a number of seeded random cases: each case gets its own
 * {@link Gen}, drawn from a case seed that is derived from a base seed, the test's class and method,
 * and the case's number, so every run with the same base seed draws the same cases.
 *
 * <p>The base seed is {@value #DEFAULT_SEED} unless the system property {@value #SEED_PROPERTY} names
 * another ({@code -Dreprise.seed=12345}, {@code 0x...} for hex, or {@code random} for a new one on
 * every run). A failing case fails the test with an {@link AssertionError} that names the case, its
 * seed, and the command that replays that one case ({@code -Dreprise.case=<case seed>}).
 *
 * <p>Not thread-safe in the sense that a body must not hand its {@link Gen} to other threads; the
 * runner itself keeps no state, so tests using it may run in parallel.
 */
public final class SeededCases {

    /** The system property that sets the base seed: a decimal or {@code 0x} hex {@code long}, or {@code random}. */
    public static final String SEED_PROPERTY = "reprise.seed";

    /** The system property that runs a single case, given the case seed a failure message printed. */
    public static final String CASE_PROPERTY = "reprise.case";

    /** The base seed when {@value #SEED_PROPERTY} is not set: fixed, so CI runs the same cases every time. */
    public static final long DEFAULT_SEED = 20_261_201L;

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private SeededCases() {
    }

    /** A property's body: checks one case, drawing its values from {@code gen}. */
    @FunctionalInterface
    public interface Body {

        /**
         * Checks one case.
         *
         * @param gen the case's values; only this case uses it
         * @throws Throwable an assertion error or any exception fails the case
         */
        void check(Gen gen) throws Throwable;
    }

    /**
     * Runs {@code body} over {@code cases} seeded random cases (or only the case named by
     * {@value #CASE_PROPERTY}), stopping at the first failure.
     *
     * @param cases how many cases to run, at least 1
     * @param body the property, checked once per case
     * @throws AssertionError naming the failing case, its seed and how to replay it; the failure is its cause
     */
    public static void check(int cases, Body body) {
        if (cases < 1) {
            throw new IllegalArgumentException("cases must be at least 1, was " + cases);
        }
        String test = callingTest();
        long base = baseSeed();
        Optional<Long> only = seedProperty(CASE_PROPERTY);
        if (only.isPresent()) {
            runCase(test, base, 0, 1, only.get(), body);
            return;
        }
        long testSeed = mix(base ^ mix(test.hashCode()));
        for (int i = 0; i < cases; i++) {
            runCase(test, base, i, cases, mix(testSeed + (i + 1) * GOLDEN_GAMMA), body);
        }
    }

    private static void runCase(String test, long base, int index, int cases, long caseSeed, Body body) {
        try {
            body.check(new Gen(new SplittableRandom(caseSeed)));
        } catch (TestAbortedException aborted) {
            throw aborted;
        } catch (Throwable failure) {
            String caseSeedText = hex(caseSeed);
            throw new AssertionError(String.format(Locale.ROOT,
                    "%s: case %d of %d failed (case seed %s, base seed %s): %s%n"
                            + "  replay this case: ./mvnw -B test -Dtest='%s' -Dsurefire.failIfNoSpecifiedTests=false"
                            + " -D%s=%s%n"
                            + "  rerun every case: -D%s=%s",
                    test, index + 1, cases, caseSeedText, hex(base), failure, test, CASE_PROPERTY, caseSeedText,
                    SEED_PROPERTY, hex(base)), failure);
        }
    }

    private static long baseSeed() {
        String value = System.getProperty(SEED_PROPERTY);
        if (value != null && value.trim().equalsIgnoreCase("random")) {
            return new SplittableRandom().nextLong();
        }
        return seedProperty(SEED_PROPERTY).orElse(DEFAULT_SEED);
    }

    private static Optional<Long> seedProperty(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        String v = value.trim();
        try {
            if (v.startsWith("0x") || v.startsWith("0X")) {
                return Optional.of(Long.parseUnsignedLong(v.substring(2), 16));
            }
            return Optional.of(Long.parseLong(v));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + name + " must be a decimal or 0x hex long, was '" + value + "'", e);
        }
    }

    /**
     * The test's class (simple name) and method, for the message and for the test's own stream of cases:
     * the outermost frame of the project's code on this thread, which is the test method that JUnit called
     * (helpers it went through are nearer the top of the stack).
     */
    private static String callingTest() {
        return StackWalker.getInstance().walk(frames -> frames
                .filter(f -> f.getClassName().startsWith("dev.reprise.")
                        && !f.getClassName().equals(SeededCases.class.getName())
                        && !f.getMethodName().startsWith("lambda$"))
                .reduce((inner, outer) -> outer)
                .map(f -> simpleName(f.getClassName()) + "#" + f.getMethodName())
                .orElse("unknown"));
    }

    private static String simpleName(String className) {
        String name = className.substring(className.lastIndexOf('.') + 1);
        int nested = name.indexOf('$');
        return nested < 0 ? name : name.substring(0, nested);
    }

    private static String hex(long seed) {
        return "0x" + Long.toHexString(seed);
    }

    /** Stafford's variant 13 of the SplitMix64 finaliser: nearby inputs give unrelated seeds. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}

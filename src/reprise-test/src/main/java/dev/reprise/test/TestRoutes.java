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
package dev.reprise.test;

import dev.reprise.ReplaySystem;
import dev.reprise.route.CommandWidth;
import dev.reprise.route.ParamType;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayArrayConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;
import org.jspecify.annotations.Nullable;
import org.opentest4j.TestAbortedException;

/**
 * Routes for tests: written by hand ({@link #builder()}) or drawn at random from a seed
 * ({@link #random()}) for property tests, with every param type and the edge values of each.
 *
 * <pre>{@code
 * ReplayArray route = TestRoutes.builder().step(RIGHT).step(USE_ITEM, 3).build();
 *
 * TestRoutes.random().codes(RIGHT, DOWN, USE_ITEM).maxSteps(50)
 *         .check(200, route -> assertRoundTrips(route.array()));   // a failure names the route's seed
 * }</pre>
 *
 * <p>A random route is a function of its seed and the generator's options: {@link Generator#route(long)}
 * with the seed a failure printed gives the same route again, and so does
 * {@code -Dreprise.route=<seed>}, which makes {@link Generator#check} run that one route only.
 */
public final class TestRoutes {

    /** The system property that makes {@link Generator#check} run only the route of this seed. */
    public static final String ROUTE_PROPERTY = "reprise.route";

    /** The base seed {@link Generator#check} derives its routes' seeds from unless given another. */
    public static final long DEFAULT_SEED = 0x5EED_2026L;

    /**
     * The most steps a random route may have: {@value}, the default route's cap
     * ({@link ReplayArrayConfig#commandMaxLength()}) and the most steps the default file reader accepts,
     * so every drawn route can be recorded, saved and read back.
     */
    public static final int MAX_STEPS = 1_000_000;

    private TestRoutes() {
    }

    /**
     * Starts a hand-written route.
     *
     * @return an empty builder, {@link CommandWidth#UINT8}
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns a generator of random routes: by default up to 100 steps of any code of either width, up to
     * 4 params a step of every {@link ParamType}, runs of one code (finalize windows) as often as not.
     *
     * @return the default generator; its options return new generators
     */
    public static Generator random() {
        return Generator.DEFAULT;
    }

    /**
     * A random route and the seed it was drawn from.
     *
     * @param seed  the seed: {@link Generator#route(long)} with it gives this route again
     * @param array the route
     */
    public record TestRoute(long seed, ReplayArray array) {

        /** Checks that the route is not {@code null}. */
        public TestRoute {
            Objects.requireNonNull(array, "array");
        }

        /** @return e.g. {@code TestRoute[seed=0x1f2e3d4c5b6a7988, 37 steps, UINT16]} */
        @Override
        public String toString() {
            return "TestRoute[seed=" + hex(seed) + ", " + array.length() + " steps, " + array.commandWidth() + "]";
        }
    }

    /** A property over random routes, checked once per route. */
    @FunctionalInterface
    public interface RouteProperty {

        /**
         * Checks one route.
         *
         * @param route the route and its seed
         * @throws Throwable an assertion error or any exception fails the route
         */
        void check(TestRoute route) throws Throwable;
    }

    /**
     * Draws random routes. Immutable and thread-safe: each option returns a new generator, checked at once.
     */
    public static final class Generator {

        static final Generator DEFAULT = new Generator(null, null, 100, 4, EnumSet.allOf(ParamType.class));

        /** The codes to draw, or {@code null} for any of the width. */
        private final int @Nullable [] codes;
        /** The width, or {@code null} for either. */
        @Nullable
        private final CommandWidth width;
        private final int maxSteps;
        private final int maxParams;
        private final ParamType[] types;

        private Generator(int @Nullable [] codes, @Nullable CommandWidth width, int maxSteps, int maxParams, Set<ParamType> types) {
            this.codes = codes;
            this.width = width;
            this.maxSteps = maxSteps;
            this.maxParams = maxParams;
            this.types = types.toArray(new ParamType[0]);
        }

        /**
         * Draws codes from {@code codes} only (by default any code of the route's width).
         *
         * @param codes at least one code, each 0..65535
         * @return a new generator
         * @throws IllegalArgumentException if none is given or one is out of range
         */
        public Generator codes(int... codes) {
            if (codes.length == 0) {
                throw new IllegalArgumentException("codes must name at least one code");
            }
            for (int code : codes) {
                if (!CommandWidth.UINT16.fits(code)) {
                    throw new IllegalArgumentException("a code is 0..65535, was " + code);
                }
            }
            int[] copy = codes.clone();
            CommandWidth fixed = width;
            if (fixed == CommandWidth.UINT8 && Arrays.stream(copy).anyMatch(c -> !CommandWidth.UINT8.fits(c))) {
                throw new IllegalArgumentException("codes " + Arrays.toString(copy) + " do not all fit UINT8");
            }
            return new Generator(copy, fixed, maxSteps, maxParams, typeSet());
        }

        /**
         * Draws every route with this command width (by default either, a quarter of them {@code UINT16}).
         *
         * @param width the width
         * @return a new generator
         * @throws IllegalArgumentException if a code given to {@link #codes} does not fit it
         */
        public Generator width(CommandWidth width) {
            Objects.requireNonNull(width, "width");
            int[] drawn = codes;
            if (drawn != null && Arrays.stream(drawn).anyMatch(c -> !width.fits(c))) {
                throw new IllegalArgumentException("codes " + Arrays.toString(drawn) + " do not all fit " + width);
            }
            return new Generator(codes, width, maxSteps, maxParams, typeSet());
        }

        /**
         * Sets the most steps a route has; lengths are drawn from 0 to it, the empty and the longest route
         * more often than the others.
         *
         * @param maxSteps 1 to {@link TestRoutes#MAX_STEPS}
         * @return a new generator
         * @throws IllegalArgumentException if {@code maxSteps} is below 1 or above {@link TestRoutes#MAX_STEPS}
         */
        public Generator maxSteps(int maxSteps) {
            if (maxSteps < 1 || maxSteps > MAX_STEPS) {
                throw new IllegalArgumentException("maxSteps must be 1.." + MAX_STEPS + " (TestRoutes.MAX_STEPS), was "
                        + maxSteps);
            }
            return new Generator(codes, width, maxSteps, maxParams, typeSet());
        }

        /**
         * Sets the most params a step has (0 for steps without params).
         *
         * @param maxParams 0..255
         * @return a new generator
         */
        public Generator maxParams(int maxParams) {
            if (maxParams < 0 || maxParams > 255) {
                throw new IllegalArgumentException("maxParams must be 0..255, was " + maxParams);
            }
            return new Generator(codes, width, maxSteps, maxParams, typeSet());
        }

        /**
         * Draws params of these types only (by default every {@link ParamType}).
         *
         * @param types at least one type
         * @return a new generator
         */
        public Generator paramTypes(ParamType... types) {
            if (types.length == 0) {
                throw new IllegalArgumentException("paramTypes must name at least one type");
            }
            return new Generator(codes, width, maxSteps, maxParams, EnumSet.copyOf(Arrays.asList(types)));
        }

        /**
         * Draws the route of {@code seed}: the same seed and options always give the same route.
         *
         * @param seed any seed
         * @return the route and its seed
         */
        public TestRoute route(long seed) {
            SplittableRandom random = new SplittableRandom(seed);
            int[] drawn = codes;
            CommandWidth fixed = width;
            CommandWidth w = fixed != null ? fixed
                    : drawn != null && Arrays.stream(drawn).anyMatch(c -> !CommandWidth.UINT8.fits(c)) ? CommandWidth.UINT16
                    : random.nextInt(4) == 0 ? CommandWidth.UINT16 : CommandWidth.UINT8;
            int steps = switch (random.nextInt(8)) {
                case 0 -> 0;
                case 1 -> maxSteps;
                default -> random.nextInt(maxSteps + 1);
            };
            // The param cap is the largest there is: at MAX_STEPS steps the params may pass the default 10 MB.
            ReplayArray route = new ReplayArray(ReplayArrayConfig.builder().commandWidth(w)
                    .initCommandLength(Math.max(1, steps)).paramMaxLength(ReplayArrayConfig.MAX_PARAM_BYTES_LIMIT).build());
            int code = code(random, w);
            for (int i = 0; i < steps; i++) {
                if (random.nextBoolean()) {
                    code = code(random, w); // otherwise the run goes on: a finalize window
                }
                int count = maxParams == 0 || random.nextBoolean() ? 0 : random.nextInt(maxParams + 1);
                Object[] params = new Object[count];
                for (int p = 0; p < count; p++) {
                    params[p] = TestValues.of(types[random.nextInt(types.length)], random);
                }
                route.add(code, params);
            }
            return new TestRoute(seed, route);
        }

        /**
         * Checks {@code property} over {@code cases} random routes whose seeds derive from
         * {@link TestRoutes#DEFAULT_SEED}; stops at the first failure. With {@value TestRoutes#ROUTE_PROPERTY}
         * set, checks only the route of that seed.
         *
         * @param cases    how many routes, at least 1
         * @param property the property
         * @throws AssertionError naming the failing route, its seed and how to check that route again; the
         *                        failure is its cause
         */
        public void check(int cases, RouteProperty property) {
            check(cases, DEFAULT_SEED, property);
        }

        /**
         * Checks {@code property} over {@code cases} random routes whose seeds derive from {@code baseSeed}.
         *
         * @param cases    how many routes, at least 1
         * @param baseSeed where the routes' seeds come from
         * @param property the property
         * @throws AssertionError naming the failing route, its seed and how to check that route again
         */
        public void check(int cases, long baseSeed, RouteProperty property) {
            if (cases < 1) {
                throw new IllegalArgumentException("cases must be at least 1, was " + cases);
            }
            Objects.requireNonNull(property, "property");
            String only = System.getProperty(ROUTE_PROPERTY);
            if (only != null && !only.isBlank()) {
                checkOne(route(parseSeed(only.trim())), 0, 1, property);
                return;
            }
            SplittableRandom seeds = new SplittableRandom(baseSeed);
            for (int i = 0; i < cases; i++) {
                checkOne(route(seeds.nextLong()), i, cases, property);
            }
        }

        private static void checkOne(TestRoute route, int index, int cases, RouteProperty property) {
            try {
                property.check(route);
            } catch (TestAbortedException aborted) {
                throw aborted;
            } catch (Throwable failure) {
                throw new AssertionError(String.format(Locale.ROOT,
                        "route %d of %d failed: %s (seed %s): %s%n  the same route: TestRoutes.random()...route(%sL),"
                                + " or run the test with -D%s=%s",
                        index + 1, cases, route, hex(route.seed()), failure, hex(route.seed()), ROUTE_PROPERTY,
                        hex(route.seed())), failure);
            }
        }

        private int code(SplittableRandom random, CommandWidth w) {
            int[] drawn = codes;
            return drawn != null ? drawn[random.nextInt(drawn.length)] : random.nextInt(w.maxCode() + 1);
        }

        private Set<ParamType> typeSet() {
            return EnumSet.copyOf(Arrays.asList(types));
        }

        @Override
        public String toString() {
            return "TestRoutes.Generator[codes=" + (codes == null ? "any" : Arrays.toString(codes)) + ", width="
                    + (width == null ? "either" : width) + ", maxSteps=" + maxSteps + ", maxParams=" + maxParams
                    + ", paramTypes=" + Arrays.toString(types) + "]";
        }
    }

    /**
     * Writes a route by hand, step by step. Not thread-safe.
     */
    public static final class Builder {

        private CommandWidth width = CommandWidth.UINT8;
        private final List<Object[]> steps = new ArrayList<>();

        private Builder() {
        }

        /**
         * Sets the route's command width (by default {@link CommandWidth#UINT8}).
         *
         * @param width the width
         * @return this builder
         */
        public Builder width(CommandWidth width) {
            this.width = Objects.requireNonNull(width, "width");
            return this;
        }

        /**
         * Appends a step.
         *
         * @param code   the step's code
         * @param params its params: booleans, integers, doubles, {@code BigInteger}s, strings
         * @return this builder
         */
        public Builder step(int code, Object... params) {
            Object[] step = new Object[params.length + 1];
            step[0] = code;
            System.arraycopy(params, 0, step, 1, params.length);
            steps.add(step);
            return this;
        }

        /**
         * Appends a run of {@code count} steps of {@code code} without params: one finalize window.
         *
         * @param code  the steps' code
         * @param count how many, at least 1
         * @return this builder
         */
        public Builder run(int code, int count) {
            if (count < 1) {
                throw new IllegalArgumentException("count must be at least 1, was " + count);
            }
            for (int i = 0; i < count; i++) {
                step(code);
            }
            return this;
        }

        /**
         * Builds the route: a new array of the width holding the steps.
         *
         * @return the route
         * @throws IllegalArgumentException naming the step whose code or params do not fit
         */
        public ReplayArray build() {
            ReplayArray route = new ReplayArray(ReplayArrayConfig.builder().commandWidth(width)
                    .initCommandLength(Math.max(1, steps.size())).build());
            writeTo(route::add);
            return route;
        }

        /**
         * Records the steps into {@code system}'s route, after what it holds, as the game would.
         *
         * @param system the system
         * @return the system
         * @throws IllegalArgumentException naming the step whose code or params do not fit
         */
        public ReplaySystem recordInto(ReplaySystem system) {
            Objects.requireNonNull(system, "system");
            writeTo(system::record);
            return system;
        }

        private void writeTo(StepSink sink) {
            for (int i = 0; i < steps.size(); i++) {
                Object[] step = steps.get(i);
                try {
                    sink.add((Integer) step[0], Arrays.copyOfRange(step, 1, step.length));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("step " + i + " of the hand-written route: " + e.getMessage(), e);
                }
            }
        }

        /** Where the steps go: an array's {@code add} or a system's {@code record}. */
        @FunctionalInterface
        private interface StepSink {
            void add(int code, Object... params);
        }
    }

    static String hex(long seed) {
        return String.format(Locale.ROOT, "0x%016x", seed);
    }

    static long parseSeed(String text) {
        try {
            return text.startsWith("0x") || text.startsWith("0X") ? Long.parseUnsignedLong(text.substring(2), 16)
                    : Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + ROUTE_PROPERTY + " must be a decimal or 0x hex long, was '"
                    + text + "'", e);
        }
    }
}

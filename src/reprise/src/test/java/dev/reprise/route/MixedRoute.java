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

import dev.reprise.command.ReplayCode;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A realistic mixed route, generated from a fixed seed so every run measures the same steps:
 * 70 % moves without params, 20 % steps with one small int (use an item, pick a choice), 5 % with two
 * small ints (teleport to x, y) and 5 % with a short string (fly to a floor, open a shop).
 *
 * <p>The one generator of every benchmark (route, file and playback) and of {@code MixedRouteTest},
 * which checks its bytes per step. Each step is held twice: boxed in {@link #params}, as
 * {@code add(int, Object...)} takes them, and in primitive columns ({@link #kinds}, {@link #firstInts},
 * {@link #secondInts}, {@link #strings}) for the typed overloads.
 */
public final class MixedRoute {

    /** The seed every benchmark uses. */
    public static final long SEED = 0x5EED_2026L;
    /** The length of the route the file benchmarks write and read. */
    public static final int FILE_STEPS = 1_000_000;

    /** {@link #kinds} of a move without params. */
    public static final byte MOVE = 0;
    /** {@link #kinds} of a step with one int, in {@link #firstInts}. */
    public static final byte ONE_INT = 1;
    /** {@link #kinds} of a step with two ints, in {@link #firstInts} and {@link #secondInts}. */
    public static final byte TWO_INTS = 2;
    /** {@link #kinds} of a step with one string, in {@link #strings}. */
    public static final byte STRING = 3;

    private static final Object[] NO_PARAMS = {};
    private static final String[] STRINGS = {"MT1", "MT12", "MT35", "MT50", "shop1", "moneyShop", "expShop2"};

    /** The code of each step. */
    public final int[] codes;
    /** The params of each step, as {@code add(int, Object...)} takes them. */
    public final Object[][] params;
    /** The kind of each step: {@link #MOVE}, {@link #ONE_INT}, {@link #TWO_INTS} or {@link #STRING}. */
    public final byte[] kinds;
    /** The first int param of each step, 0 if it has none. */
    public final int[] firstInts;
    /** The second int param of each step, 0 if it has none. */
    public final int[] secondInts;
    /** The string param of each step, {@code null} if it has none. */
    public final String[] strings;

    private MixedRoute(int steps, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        codes = new int[steps];
        params = new Object[steps][];
        kinds = new byte[steps];
        firstInts = new int[steps];
        secondInts = new int[steps];
        strings = new String[steps];
        for (int i = 0; i < steps; i++) {
            int roll = random.nextInt(100);
            if (roll < 70) {
                codes[i] = random.nextInt(4); // UP, RIGHT, DOWN, LEFT
                params[i] = NO_PARAMS;
                kinds[i] = MOVE;
            } else if (roll < 90) {
                codes[i] = ReplayCode.USE_ITEM;
                firstInts[i] = random.nextInt(100);
                params[i] = new Object[] {firstInts[i]};
                kinds[i] = ONE_INT;
            } else if (roll < 95) {
                codes[i] = ReplayCode.TELEPORT;
                firstInts[i] = random.nextInt(13);
                secondInts[i] = random.nextInt(13);
                params[i] = new Object[] {firstInts[i], secondInts[i]};
                kinds[i] = TWO_INTS;
            } else {
                codes[i] = 9;
                strings[i] = STRINGS[random.nextInt(STRINGS.length)];
                params[i] = new Object[] {strings[i]};
                kinds[i] = STRING;
            }
        }
    }

    /**
     * Records the {@link #FILE_STEPS}-step route of {@link #SEED} and returns it as a detached save: the
     * route the file benchmarks write and read.
     *
     * @return the save
     */
    public static ReplaySave fileRoute() {
        return generate(FILE_STEPS, SEED).recordInto(new ReplayArray(configFor(FILE_STEPS))).saveState().detach();
    }

    /**
     * Returns the route bytes of a save: command area plus param area.
     *
     * @param save a save
     * @return its used bytes
     */
    public static int routeBytes(ReplaySave save) {
        return save.commandArray().remaining() + save.paramArray().remaining();
    }

    /**
     * Generates a route.
     *
     * @param steps how many steps
     * @param seed  the random seed
     * @return the route's inputs
     */
    public static MixedRoute generate(int steps, long seed) {
        return new MixedRoute(steps, seed);
    }

    /** @return the number of steps */
    public int length() {
        return codes.length;
    }

    /**
     * Appends every step to {@code array} through {@code add(int, Object...)}.
     *
     * @param array the route to record into
     * @return {@code array}
     */
    public ReplayArray recordInto(ReplayArray array) {
        for (int i = 0; i < codes.length; i++) {
            array.add(codes[i], params[i]);
        }
        return array;
    }

    /**
     * Appends every step to {@code array} through the typed overloads: {@code add(int)},
     * {@code add(int, int)}, {@code add(int, int, int)} and {@code add(int, String)}. Allocation-free;
     * the bytes equal those of {@link #recordInto}.
     *
     * @param array the route to record into
     * @return {@code array}
     */
    public ReplayArray recordTypedInto(ReplayArray array) {
        for (int i = 0; i < codes.length; i++) {
            addTyped(array, i);
        }
        return array;
    }

    /**
     * Appends step {@code i} through its typed overload.
     *
     * @param array the route to record into
     * @param i     the step
     */
    public void addTyped(ReplayArray array, int i) {
        switch (kinds[i]) {
            case MOVE -> array.add(codes[i]);
            case ONE_INT -> array.add(codes[i], firstInts[i]);
            case TWO_INTS -> array.add(codes[i], firstInts[i], secondInts[i]);
            default -> array.add(codes[i], strings[i]);
        }
    }

    /**
     * Returns a config whose initial sizes and caps hold {@code steps} mixed steps without growing.
     *
     * @param steps the number of steps
     * @return the config
     */
    public static ReplayArrayConfig configFor(int steps) {
        int paramBytes = Math.max(10_000, steps * 4);
        return ReplayArrayConfig.builder()
                .initCommandLength(steps).initParamLength(paramBytes)
                .commandMaxLength(Math.max(steps, 1_000_000)).paramMaxLength(Math.max(paramBytes, 10_000_000))
                .build();
    }

    /**
     * Returns the used command and param bytes per step of a route.
     *
     * @param array a route
     * @return (command bytes + param bytes) / steps
     */
    public static double bytesPerStep(ReplayArray array) {
        return (double) (array.commandByteCount() + array.paramByteCount()) / array.length();
    }

    /**
     * Describes a route's size in one line.
     *
     * @param array a route
     * @return e.g. "mixed route: 1000000 steps, 2000000 command + 950000 param bytes = 2.950 bytes/step"
     */
    public static String describe(ReplayArray array) {
        return String.format(Locale.ROOT, "mixed route: %d steps, %d command + %d param bytes = %.3f bytes/step",
                array.length(), array.commandByteCount(), array.paramByteCount(), bytesPerStep(array));
    }
}

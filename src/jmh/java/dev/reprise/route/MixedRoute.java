package dev.reprise.route;

import dev.reprise.command.ReplayCode;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A realistic mixed route, generated from a fixed seed so every run measures the same steps:
 * 70 % moves without params, 20 % steps with one small int (use an item, pick a choice), 5 % with two
 * small ints (teleport to x, y) and 5 % with a short string (fly to a floor, open a shop).
 *
 * <p>Used by the benchmarks and by {@code MixedRouteTest}, which checks its bytes per step.
 */
public final class MixedRoute {

    /** The seed every benchmark uses. */
    public static final long SEED = 0x5EED_2026L;

    private static final Object[] NO_PARAMS = {};
    private static final String[] STRINGS = {"MT1", "MT12", "MT35", "MT50", "shop1", "moneyShop", "expShop2"};

    /** The code of each step. */
    public final int[] codes;
    /** The params of each step, as {@code add(int, Object...)} takes them. */
    public final Object[][] params;

    private MixedRoute(int steps, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        codes = new int[steps];
        params = new Object[steps][];
        for (int i = 0; i < steps; i++) {
            int roll = random.nextInt(100);
            if (roll < 70) {
                codes[i] = random.nextInt(4); // UP, RIGHT, DOWN, LEFT
                params[i] = NO_PARAMS;
            } else if (roll < 90) {
                codes[i] = ReplayCode.USE_ITEM;
                params[i] = new Object[] {random.nextInt(100)};
            } else if (roll < 95) {
                codes[i] = ReplayCode.TELEPORT;
                params[i] = new Object[] {random.nextInt(13), random.nextInt(13)};
            } else {
                codes[i] = 9;
                params[i] = new Object[] {STRINGS[random.nextInt(STRINGS.length)]};
            }
        }
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
        return (double) (array.commandBytes() + array.paramBytes()) / array.length();
    }

    /**
     * Describes a route's size in one line.
     *
     * @param array a route
     * @return e.g. "mixed route: 1000000 steps, 2000000 command + 950000 param bytes = 2.950 bytes/step"
     */
    public static String describe(ReplayArray array) {
        return String.format(Locale.ROOT, "mixed route: %d steps, %d command + %d param bytes = %.3f bytes/step",
                array.length(), array.commandBytes(), array.paramBytes(), bytesPerStep(array));
    }
}

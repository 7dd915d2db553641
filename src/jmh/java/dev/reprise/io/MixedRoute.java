package dev.reprise.io;

import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayArrayConfig;
import dev.reprise.route.ReplaySave;
import java.util.SplittableRandom;

/**
 * The benchmark route of issue 4: 1,000,000 steps, fixed seed, 70% moves without params (codes
 * 0..3), 20% one small int (code 5, 0..99), 5% two ints (code 4, 0..12 each), 5% a short string
 * (code 10, "MT1".."MT50").
 */
final class MixedRoute {

    static final int STEPS = 1_000_000;
    static final long SEED = 20_261_129L;

    private MixedRoute() {
    }

    static ReplaySave create() {
        SplittableRandom random = new SplittableRandom(SEED);
        ReplayArray array = new ReplayArray(ReplayArrayConfig.builder().initCommandLength(STEPS)
                .initParamLength(4 * STEPS).build());
        for (int i = 0; i < STEPS; i++) {
            int kind = random.nextInt(100);
            if (kind < 70) {
                array.add(random.nextInt(4));
            } else if (kind < 90) {
                array.add(5, random.nextInt(100));
            } else if (kind < 95) {
                array.add(4, random.nextInt(13), random.nextInt(13));
            } else {
                array.add(10, "MT" + (1 + random.nextInt(50)));
            }
        }
        return array.saveState().detach();
    }

    /** Route bytes: command area plus param area. */
    static int routeBytes(ReplaySave route) {
        return route.commandArray().remaining() + route.paramArray().remaining();
    }
}

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
package dev.reprise.io;

import dev.reprise.route.CommandWidth;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayArrayConfig;
import dev.reprise.route.ReplaySave;
import dev.reprise.testing.Gen;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Random routes for property tests and fuzzing: every param type, both widths, runs of codes. */
final class RandomRoutes {

    private RandomRoutes() {
    }

    /** A route of up to {@code maxSteps} steps (empty and longest routes more often), drawn from {@code gen}. */
    static ReplaySave route(Gen gen, int maxSteps) {
        Random random = gen.random();
        return route(random, gen.between(0, maxSteps));
    }

    /** A route of {@code steps} steps drawn from {@code random}. */
    static ReplaySave route(Random random, int steps) {
        CommandWidth width = random.nextInt(4) == 0 ? CommandWidth.UINT16 : CommandWidth.UINT8;
        ReplayArray array = new ReplayArray(ReplayArrayConfig.builder().commandWidth(width)
                .initCommandLength(Math.max(1, steps)).build());
        int codeSpace = random.nextInt(3) == 0 ? width.maxCode() + 1 : 1 + random.nextInt(12);
        int code = random.nextInt(codeSpace);
        for (int i = 0; i < steps; i++) {
            if (random.nextInt(3) != 0) {
                code = random.nextInt(codeSpace); // otherwise repeat: runs like real routes
            }
            int count = random.nextInt(4) == 0 ? random.nextInt(5) : 0;
            List<Object> params = new ArrayList<>();
            for (int p = 0; p < count; p++) {
                params.add(param(random));
            }
            array.add(code, params.toArray());
        }
        return array.saveState().detach();
    }

    static Object param(Random random) {
        return switch (random.nextInt(14)) {
            case 0 -> random.nextBoolean();
            case 1, 2, 3 -> random.nextInt(16);
            case 4 -> random.nextInt(256) - 128;
            case 5 -> random.nextInt(65536) - 32768;
            case 6 -> random.nextInt();
            case 7 -> random.nextLong();
            case 8 -> random.nextInt(3) == 0 ? Double.NaN : random.nextDouble() * 1e6;
            case 9 -> new BigInteger(random.nextInt(300), random).negate();
            case 10 -> new BigInteger(random.nextInt(300), random);
            case 11 -> "MT" + random.nextInt(30);
            case 12 -> "\u9b54\u5854 " + "x".repeat(random.nextInt(300)); // long string (tag 9) at times
            default -> "";
        };
    }
}

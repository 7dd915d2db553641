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

import static dev.reprise.testing.Gen.weight;

import dev.reprise.testing.Gen;
import java.math.BigInteger;

/** Values shared by the route's property tests. */
final class RouteGenerators {

    private static final BigInteger TWO_80 = BigInteger.TWO.pow(80);
    private static final BigInteger TWO_2040 = BigInteger.TWO.pow(2040);

    private RouteGenerators() {
    }

    /**
     * Any storable param value: every supported type with its edge cases. Values the route refuses
     * (null, other types, too large BigIntegers) are covered by {@code ReplayArrayBadInputTest}.
     */
    static Object param(Gen gen) {
        return gen.frequency(
                weight(3, Gen::bool),
                weight(6, g -> g.between(-300, 300)),
                weight(3, Gen::ints),
                weight(1, Gen::bytes),
                weight(1, Gen::shorts),
                weight(3, Gen::longs),
                weight(2, g -> g.pick(Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1, 1L << 62,
                        -(1L << 62), (1L << 62) - 1, 2147483648L, -2147483649L, 2147483647L, -2147483648L)),
                weight(2, g -> Double.longBitsToDouble(g.longs())),
                weight(1, g -> g.pick(Double.NaN, -0.0, 0.0, 3.0, Double.POSITIVE_INFINITY)),
                weight(1, g -> Float.intBitsToFloat(g.ints())),
                weight(2, g -> g.between(TWO_80.negate(), TWO_80)),
                weight(1, g -> g.pick(BigInteger.ZERO, TWO_2040.subtract(BigInteger.ONE),
                        TWO_2040.subtract(BigInteger.ONE).negate())),
                weight(5, g -> g.string(0, 10, '\u0000', '\uFFFF')),
                weight(1, g -> g.string(110, 226, 'a', 'é')));
    }
}

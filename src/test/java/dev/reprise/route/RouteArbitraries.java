package dev.reprise.route;

import java.math.BigInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Tuple;

/** Generators shared by the route's property tests. */
final class RouteArbitraries {

    private RouteArbitraries() {
    }

    /**
     * Any storable param value: every supported type with its edge cases. Values the route refuses
     * (null, other types, too large BigIntegers) are covered by {@code ReplayArrayBadInputTest}.
     */
    static Arbitrary<Object> param() {
        BigInteger two2040 = BigInteger.TWO.pow(2040);
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.of(true, false).asGeneric()),
                Tuple.of(6, Arbitraries.integers().between(-300, 300).asGeneric()),
                Tuple.of(3, Arbitraries.integers().asGeneric()),
                Tuple.of(1, Arbitraries.bytes().asGeneric()),
                Tuple.of(1, Arbitraries.shorts().asGeneric()),
                Tuple.of(3, Arbitraries.longs().asGeneric()),
                Tuple.of(2, Arbitraries.of(Long.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE + 1, 1L << 62,
                        -(1L << 62), (1L << 62) - 1, 2147483648L, -2147483649L, 2147483647L, -2147483648L).asGeneric()),
                Tuple.of(2, Arbitraries.longs().map(Double::longBitsToDouble).asGeneric()),
                Tuple.of(1, Arbitraries.of(Double.NaN, -0.0, 0.0, 3.0, Double.POSITIVE_INFINITY).asGeneric()),
                Tuple.of(1, Arbitraries.integers().map(Float::intBitsToFloat).asGeneric()),
                Tuple.of(2, Arbitraries.bigIntegers().between(BigInteger.TWO.pow(80).negate(), BigInteger.TWO.pow(80))
                        .asGeneric()),
                Tuple.of(1, Arbitraries.of(BigInteger.ZERO, two2040.subtract(BigInteger.ONE),
                        two2040.subtract(BigInteger.ONE).negate()).asGeneric()),
                Tuple.of(5, Arbitraries.strings().withCharRange('\u0000', '\uFFFF').ofMaxLength(10).asGeneric()),
                Tuple.of(1, Arbitraries.strings().withChars('a', 'é').ofMinLength(110).ofMaxLength(226).asGeneric())
        );
    }
}

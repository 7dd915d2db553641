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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class SeededCasesTest {

    private static List<Long> firstDraws(int cases) {
        List<Long> draws = new ArrayList<>();
        SeededCases.check(cases, gen -> draws.add(gen.longs()));
        return draws;
    }

    @Test
    void check_runsEveryCase_eachWithItsOwnValues() {
        List<Long> draws = firstDraws(200);
        assertThat(draws).hasSize(200);
        assertThat(new HashSet<>(draws)).hasSizeGreaterThan(150);
    }

    @Test
    void check_sameBaseSeed_drawsTheSameCases() {
        assertThat(firstDraws(50)).isEqualTo(firstDraws(50));
    }

    @Test
    void check_otherBaseSeed_drawsOtherCases() {
        List<Long> usual = firstDraws(20);
        String old = System.setProperty(SeededCases.SEED_PROPERTY, "0x1234");
        try {
            assertThat(firstDraws(20)).isNotEqualTo(usual);
        } finally {
            restore(SeededCases.SEED_PROPERTY, old);
        }
    }

    @Test
    void check_failingCase_namesItsSeed_andItReplaysAlone() {
        List<Long> seen = new ArrayList<>();
        IllegalStateException boom = new IllegalStateException("boom");
        Throwable failure = org.assertj.core.api.Assertions.catchThrowable(() -> SeededCases.check(10, gen -> {
            seen.add(gen.longs());
            if (seen.size() == 4) {
                throw boom;
            }
        }));

        assertThat(failure).isInstanceOf(AssertionError.class).hasCause(boom)
                .hasMessageContaining("SeededCasesTest#check_failingCase_namesItsSeed_andItReplaysAlone")
                .hasMessageContaining("case 4 of 10 failed")
                .hasMessageContaining("-Dtest='SeededCasesTest#check_failingCase_namesItsSeed_andItReplaysAlone'")
                .hasMessageContaining("-Dreprise.seed=0x");
        Matcher caseSeed = Pattern.compile("-Dreprise\\.case=(0x[0-9a-f]+)").matcher(failure.getMessage());
        assertThat(caseSeed.find()).as("replay command in %s", failure.getMessage()).isTrue();

        String old = System.setProperty(SeededCases.CASE_PROPERTY, caseSeed.group(1));
        try {
            assertThat(firstDraws(10)).containsExactly(seen.get(3));
        } finally {
            restore(SeededCases.CASE_PROPERTY, old);
        }
    }

    @Test
    void check_refusesNoCases_andBadSeeds() {
        assertThatThrownBy(() -> SeededCases.check(0, gen -> { })).isInstanceOf(IllegalArgumentException.class);
        String old = System.setProperty(SeededCases.SEED_PROPERTY, "twelve");
        try {
            assertThatThrownBy(() -> SeededCases.check(1, gen -> { })).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("-Dreprise.seed").hasMessageContaining("twelve");
        } finally {
            restore(SeededCases.SEED_PROPERTY, old);
        }
    }

    @Test
    void gen_staysInItsBounds_andReachesTheEdges() {
        Set<Object> edges = new HashSet<>();
        SeededCases.check(2000, gen -> {
            int i = gen.between(-3, 7);
            long l = gen.between(10L, 20L);
            double d = gen.between(0.0, 1.0);
            BigInteger b = gen.between(BigInteger.valueOf(-5), BigInteger.valueOf(5));
            List<Integer> list = gen.list(1, 4, g -> g.between(0, 1));
            String s = gen.string(2, 3, 'a', 'c');
            assertThat(i).isBetween(-3, 7);
            assertThat(l).isBetween(10L, 20L);
            assertThat(d).isBetween(0.0, 1.0);
            assertThat(b).isBetween(BigInteger.valueOf(-5), BigInteger.valueOf(5));
            assertThat(list).hasSizeBetween(1, 4);
            assertThat(s).hasSizeBetween(2, 3).matches("[a-c]+");
            if (i == -3 || i == 7 || i == 0) {
                edges.add(i);
            }
            long any = gen.longs();
            if (any == Long.MIN_VALUE || any == Long.MAX_VALUE) {
                edges.add(any);
            }
        });
        assertThat(edges).contains(-3, 7, 0, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    private static void restore(String property, String old) {
        if (old == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, old);
        }
    }
}

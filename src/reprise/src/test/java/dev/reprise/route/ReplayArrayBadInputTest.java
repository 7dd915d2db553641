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

import static dev.reprise.route.RouteTestSupport.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A param the route cannot store is an error, never a silent drop: {@code add}, {@code insert} and
 * {@code set} throw {@link IllegalArgumentException} naming the param's position, its type and the limit,
 * and leave the route, its bytes and its open streams exactly as they were.
 */
class ReplayArrayBadInputTest {

    private static final BigInteger TWO = BigInteger.TWO;

    private final Warnings warnings = new Warnings();
    private final ReplayArray array = mixedRoute(new ReplayArray(LARGE_PARAMS_CONFIG, warnings));

    /** Bad params, each with the position, type and limit the message must name. */
    static Stream<Arguments> badParams() {
        return Stream.of(
                Arguments.of(new Object[] {1, null, 2}, "Param 1 (null)", "null cannot be stored"),
                Arguments.of(new Object[] {'c'}, "Param 0 (java.lang.Character)", "BigInteger (magnitude below 2^2040) or String"),
                Arguments.of(new Object[] {1, 2, new Object()}, "Param 2 (java.lang.Object)", "not supported"),
                Arguments.of(new Object[] {new BigDecimal("1")}, "Param 0 (java.math.BigDecimal)", "not supported"),
                Arguments.of(new Object[] {List.of(1)}, "Param 0 (java.util.ImmutableCollections$List12)", "not supported"),
                Arguments.of(new Object[] {Optional.empty()}, "Param 0 (java.util.Optional)", "not supported"),
                Arguments.of(new Object[] {new StringBuilder("x")}, "Param 0 (java.lang.StringBuilder)", "not supported"),
                Arguments.of(new Object[] {7, TWO.pow(2040)}, "Param 1 (java.math.BigInteger)",
                        "2041 bits, but a BigInteger param must be below 2^2040"),
                Arguments.of(new Object[] {TWO.pow(2048).negate()}, "Param 0 (java.math.BigInteger)", "2049 bits"),
                Arguments.of(zeros(256), "Param 255 (java.lang.Integer)", "at most 255 params (the count is one byte), 256 were given"),
                Arguments.of(zeros(300), "Param 255 (java.lang.Integer)", "300 were given"));
    }

    @ParameterizedTest
    @MethodSource("badParams")
    void add_badParam_throwsNamingPositionTypeAndLimit_andWritesNothing(Object[] params, String what, String limit) {
        assertRefused(a -> a.add(9, params), what + " of step 6 (code 9)", limit);
    }

    @ParameterizedTest
    @MethodSource("badParams")
    void insert_badParam_throws_andWritesNothing(Object[] params, String what, String limit) {
        assertRefused(a -> a.insert(2, 9, params), what + " of step 2 (code 9)", limit);
    }

    @ParameterizedTest
    @MethodSource("badParams")
    void insertAtLength_badParam_throws_andWritesNothing(Object[] params, String what, String limit) {
        assertRefused(a -> a.insert(6, 9, params), what + " of step 6 (code 9)", limit);
    }

    @ParameterizedTest
    @MethodSource("badParams")
    void set_badParam_throws_andWritesNothing(Object[] params, String what, String limit) {
        assertRefused(a -> a.set(1, 9, params), what + " of step 1 (code 9)", limit);
    }

    @Test
    void addString_null_throws_andWritesNothing() {
        assertRefused(a -> a.add(9, (String) null), "Param 0 (null) of step 6 (code 9)", "null cannot be stored");
    }

    @Test
    void badParam_throwsEvenWhileDisabled() {
        array.disable();
        assertRefused(a -> a.add(9, 1, (Object) 'c'), "Param 1 (java.lang.Character) of step 6", "not supported");
        assertRefused(a -> a.add(9, (String) null), "Param 0 (null) of step 6", "null");
        assertRefused(a -> a.set(99, 9, (Object) null), "Param 0 (null) of step 99", "null");
    }

    @Test
    void badParam_isCheckedBeforeTheIndex() {
        assertRefused(a -> a.insert(-1, 9, new Object()), "Param 0 (java.lang.Object) of step -1", "not supported");
        assertThat(warnings.codes()).isEmpty();
    }

    @Test
    void largestStorableValues_areAccepted() {
        BigInteger max = TWO.pow(2040).subtract(BigInteger.ONE);
        array.add(9, max.negate(), max);
        array.add(9, zeros(255));
        assertThat(array.get(6).params()).containsExactly(max.negate(), max);
        assertThat(array.get(7).paramCount()).isEqualTo(255);
        assertThat(warnings.codes()).isEmpty();
    }

    /** Runs a refused write and checks the error and that the route and an open stream and cursor did not change. */
    private void assertRefused(Consumer<ReplayArray> write, String what, String limit) {
        ReplaySave before = array.saveState().detach();
        List<ReplayStep> steps = steps(array);
        ReplayReadStream stream = array.createReadStream(1);
        ReplayCursor cursor = array.cursor(0);
        assertThatThrownBy(() -> write.accept(array))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(what)
                .hasMessageContaining(limit)
                .hasMessageContaining("Nothing was written");
        assertThat(array.saveState()).isEqualTo(before);
        assertThat(steps(array)).isEqualTo(steps);
        assertThat(stream.expired()).isFalse();
        assertThat(stream.read()).isEqualTo(steps.get(1));
        assertThat(cursor.expired()).isFalse();
        assertZeroTails(array);
    }

    private static Object[] zeros(int n) {
        return Collections.nCopies(n, (Object) 0).toArray();
    }
}

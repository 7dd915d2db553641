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

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Read streams as the engine reads a route, adapted where Reprise differs on purpose: a step's index
 * is its 0-based position (the reference's stream returns position + 1), and reading an expired
 * stream throws instead of returning stale bytes.
 */
class ReplayReadStreamTest {

    private final Warnings warnings = new Warnings();
    private final ReplayArray array = new ReplayArray(REFERENCE_TEST_CONFIG, warnings);

    private void threeSteps() {
        array.add(1, 10);
        array.add(2, 20);
        array.add(3, 30);
    }

    /** The reference's 7-step "complex route": one step of each kind of param. */
    private void complexRoute() {
        mixedRoute(array);
        array.add(7, "a".repeat(300), -2147483649L, false);
    }

    @Test
    void read_fromZero_returnsEveryStepThenNull() {
        threeSteps();
        ReplayReadStream stream = array.createReadStream(0);
        assertThat(stream.index()).isZero();
        assertThat(stream.length()).isEqualTo(3);
        for (int i = 0; i < 3; i++) {
            assertThat(stream.read()).isEqualTo(step(i, i + 1, (i + 1) * 10));
            assertThat(stream.index()).isEqualTo(i + 1);
        }
        assertThat(stream.read()).isNull();
        assertThat(stream.read()).isNull();
        assertThat(stream.index()).isEqualTo(3);
    }

    @Test
    void read_fromTwo_returnsTheLastStep() {
        array.add(1);
        array.add(2);
        array.add(3);
        ReplayReadStream stream = array.createReadStream(2);
        assertThat(stream.read()).isEqualTo(step(2, 3));
        assertThat(stream.read()).isNull();
    }

    @Test
    void read_routeOfEveryParamType_returnsWhatGetReturns() {
        complexRoute();
        ReplayReadStream stream = array.createReadStream();
        assertThat(stream.length()).isEqualTo(7);
        assertThat(stream.index()).isZero();
        assertThat(streamed(array, 0)).isEqualTo(steps(array)).hasSize(7);
        assertThat(steps(array).get(6)).isEqualTo(step(6, 7, "a".repeat(300), -2147483649L, false));
    }

    @Test
    void read_fromTheMiddle_returnsTheRestOfTheRoute() {
        complexRoute();
        ReplayReadStream stream = array.createReadStream(3);
        assertThat(stream.index()).isEqualTo(3);
        assertThat(streamed(array, 3)).isEqualTo(steps(array).subList(3, 7));
        assertThat(streamed(array, 6)).containsExactly(array.get(6));
    }

    @Test
    void stream_andGet_agreeOnIndexes() {
        mixedRoute(array);
        ReplayStep first = array.createReadStream().read();
        assertThat(first.index()).isZero(); // the reference's stream says 1 here
        assertThat(first).isEqualTo(array.get(0));
        assertThat(streamed(array, 0)).isEqualTo(mixedSteps());
    }

    @Test
    void widen_keepsEveryStep() {
        mixedRoute(array);
        array.setCommandWidth(CommandWidth.UINT16);
        assertThat(array.commandWidth().saveValue()).isEqualTo(2);
        assertThat(streamed(array, 0)).isEqualTo(mixedSteps());
    }

    @Test
    void deleteFirst_ofMixedRoute_streamsTheRestReindexed() {
        mixedRoute(array);
        array.delete(0);
        assertThat(array.get(0)).isEqualTo(step(0, 2, true, "x"));
        assertThat(streamed(array, 0)).isEqualTo(reindexed(mixedSteps().subList(1, 6)));
    }

    @Test
    void insertInTheMiddle_streamsTheStepInPlace() {
        array.add(1, 10);
        array.add(3, 30);
        array.insert(1, 2, 20);
        assertThat(streamed(array, 0)).containsExactly(step(0, 1, 10), step(1, 2, 20), step(2, 3, 30));
    }

    @Test
    void deleteMiddle_ofMixedRoute_streamsTheRestReindexed() {
        mixedRoute(array);
        array.delete(1);
        List<ReplayStep> expected = new ArrayList<>(mixedSteps());
        expected.remove(1);
        assertThat(streamed(array, 0)).isEqualTo(reindexed(expected));
    }

    @Test
    void insert_intoMixedRoute_streamsTheRestReindexed() {
        mixedRoute(array);
        array.insert(2, 9, true, 5);
        List<ReplayStep> expected = new ArrayList<>(mixedSteps());
        expected.add(2, step(2, 9, true, 5));
        assertThat(streamed(array, 0)).isEqualTo(reindexed(expected)).hasSize(7);
    }

    @Test
    void write_expiresTheStream_andReadThrowsWithWarning155() {
        array.add(1);
        ReplayReadStream stream = array.createReadStream();
        array.add(2);
        assertThat(stream.expired()).isTrue();
        assertThatThrownBy(stream::read).isInstanceOf(ConcurrentModificationException.class)
                .hasMessageContaining("155");
        assertThat(warnings.codes()).containsExactly(155);
    }

    @Test
    void expiredMidway_thenAFreshStreamReadsAll() {
        mixedRoute(array);
        ReplayReadStream stream = array.createReadStream();
        stream.read();
        stream.read();
        array.add(7, "z");
        assertThat(stream.expired()).isTrue();
        assertThatThrownBy(stream::read).isInstanceOf(ConcurrentModificationException.class);
        assertThat(warnings.codes()).containsExactly(155);
        assertThat(stream.index()).isEqualTo(2);
        List<ReplayStep> all = streamed(array, 0);
        assertThat(all).hasSize(7);
        assertThat(all.get(6)).isEqualTo(step(6, 7, "z"));
    }

    @Test
    void startAtLength_readsNull() {
        threeSteps();
        assertThat(array.createReadStream(3).read()).isNull();
        assertThat(new ReplayArray().createReadStream().read()).isNull();
    }

    @Test
    void startOutOfRange_throws() {
        threeSteps();
        assertThatThrownBy(() -> array.createReadStream(-1)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> array.createReadStream(4)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    @SuppressWarnings("try") // closing inside the try is the point: close twice is harmless
    void close_endsTheStream() {
        threeSteps();
        try (ReplayReadStream stream = array.createReadStream()) {
            stream.read();
            stream.close();
            assertThat(stream.isClosed()).isTrue();
            assertThatThrownBy(stream::read).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
        }
        assertThat(warnings.list).isEmpty();
    }

    @Test
    void closedStream_stillReportsExpiry() {
        // Unlike the reference's destroy() a closed stream never silently goes stale.
        threeSteps();
        ReplayReadStream stream = array.createReadStream();
        stream.close();
        array.add(4);
        assertThat(stream.expired()).isTrue();
        assertThat(stream.toString()).contains("closed");
    }

    @Test
    void failedWrites_doNotExpire() {
        threeSteps();
        ReplayReadStream stream = array.createReadStream();
        array.delete(5);
        assertThatThrownBy(() -> array.add(999)).isInstanceOf(IllegalArgumentException.class);
        assertThat(stream.expired()).isFalse();
        assertThat(stream.read()).isEqualTo(step(0, 1, 10));
        assertThat(stream.toString()).isEqualTo("ReplayReadStream[index=1, length=3]");
    }

    @Test
    void streams_areIndependent() {
        threeSteps();
        ReplayReadStream a = array.createReadStream();
        ReplayReadStream b = array.createReadStream(1);
        assertThat(a.read().code()).isEqualTo(1);
        assertThat(b.read().code()).isEqualTo(2);
        assertThat(a.read().code()).isEqualTo(2);
    }

    @Test
    void read_bigIntegersAndStrings() {
        array.add(1, BigInteger.TWO.pow(100), "ü");
        assertThat(array.createReadStream().read()).isEqualTo(step(0, 1, BigInteger.TWO.pow(100), "ü"));
    }

    private static List<ReplayStep> reindexed(List<ReplayStep> steps) {
        List<ReplayStep> result = new ArrayList<>();
        for (ReplayStep s : steps) {
            result.add(new ReplayStep(result.size(), s.code(), s.params()));
        }
        return result;
    }
}

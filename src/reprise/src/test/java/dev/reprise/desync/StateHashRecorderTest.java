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
package dev.reprise.desync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.route.ReplayStep;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where {@link StateHashRecorder} puts its hash steps, and what they carry. */
class StateHashRecorderTest {

    private static final int HASH = 99;
    private static final int PASSIVE = 9;

    private final ReplaySystem system = new ReplaySystem();
    private long state = 7;

    private List<String> route() {
        List<String> steps = new ArrayList<>();
        for (int i = 0; i < system.array().length(); i++) {
            ReplayStep step = system.array().get(i);
            steps.add(step.code() == HASH ? "H" + step.longParam(0) : String.valueOf(step.code()));
        }
        return steps;
    }

    @Test
    void record_insertsAHashBeforeTheNextActiveInputOnceAnIntervalIsDue() {
        StateHashRecorder recorder = new StateHashRecorder(system, HASH, 2, () -> state);
        for (int i = 1; i <= 5; i++) {
            recorder.record(1);
            state += 10;
        }
        assertThat(route()).containsExactly("1", "1", "H27", "1", "1", "H47", "1");
    }

    @Test
    void record_neverSplitsAGroup() {
        system.registerCommand(PASSIVE, ReplayCommand.passive());
        StateHashRecorder recorder = new StateHashRecorder(system, HASH, 1, () -> state);
        recorder.record(1);
        recorder.record(PASSIVE, 0);
        recorder.record(PASSIVE, 1);
        recorder.record(2);
        assertThat(route()).containsExactly("1", "9", "9", "H7", "2");
    }

    @Test
    void recordHash_recordsNowAndRestartsTheInterval() {
        StateHashRecorder recorder = new StateHashRecorder(system, HASH, 3, () -> state);
        recorder.record(1);
        recorder.recordHash();
        recorder.record(1);
        recorder.record(1);
        recorder.record(1);
        recorder.record(1);
        assertThat(route()).containsExactly("1", "H7", "1", "1", "1", "H7", "1");
    }

    @Test
    void hashes_roundTripEveryLong() {
        StateHashRecorder recorder = new StateHashRecorder(system, HASH, 1, () -> state);
        long[] values = {Long.MIN_VALUE, -1, 0, Integer.MAX_VALUE + 1L, Long.MAX_VALUE};
        for (long value : values) {
            state = value;
            recorder.recordHash();
        }
        for (int i = 0; i < values.length; i++) {
            assertThat(((Number) system.array().get(i).param(0)).longValue()).isEqualTo(values[i]);
        }
    }

    @Test
    void constructor_rejectsAnIntervalBelowOne() {
        assertThatThrownBy(() -> new StateHashRecorder(system, HASH, 0, () -> 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("interval must be at least 1 step, was 0");
    }
}

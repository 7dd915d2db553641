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

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link ReplayArray#setCommandWidth}: re-encoding every entry as the engine does. */
class ReplayArrayWidthTest {

    private final Warnings warnings = new Warnings();
    private final ReplayArray array = new ReplayArray(REFERENCE_TEST_CONFIG, warnings);
    private final ReplayArray wide = new ReplayArray(
            REFERENCE_TEST_CONFIG.toBuilder().commandWidth(CommandWidth.UINT16).build(), warnings);

    @AfterEach
    void tailsStayZero() {
        assertZeroTails(array);
        assertZeroTails(wide);
    }

    @Test
    void widen_reencodesEveryEntry() {
        array.add(1, 10);
        array.add(200, "x");
        array.setCommandWidth(CommandWidth.UINT16);
        assertThat(array.commandWidth()).isEqualTo(CommandWidth.UINT16);
        assertThat(commandHex(array)).isEqualTo("01 00 01 01 00 C8");
        assertThat(paramHex(array)).isEqualTo("01 0A 21 78");
        assertThat(steps(array)).containsExactly(step(0, 1, 10), step(1, 200, "x"));
        assertThat(array.capacity()).isEqualTo(32);
        assertThat(warnings.list).isEmpty();
    }

    @Test
    void narrow_keepsCodesUpTo255() {
        wide.add(200, 7);
        wide.setCommandWidth(CommandWidth.UINT8);
        assertThat(wide.get(0)).isEqualTo(step(0, 200, 7));
        assertThat(wide.commandWidth()).isEqualTo(CommandWidth.UINT8);
        assertThat(commandHex(wide)).isEqualTo("01 C8");
        assertThat(warnings.list).isEmpty();
    }

    @Test
    void narrow_truncatesLargerCodesWithWarning154() {
        wide.add(300);
        wide.add(65535, 1);
        wide.setCommandWidth(CommandWidth.UINT8);
        assertThat(warnings.codes()).containsExactly(154, 154);
        assertThat(warnings.list.get(0).message()).contains("300", "44");
        assertThat(wide.commandWidth()).isEqualTo(CommandWidth.UINT8);
        assertThat(steps(wide)).containsExactly(step(0, 300 & 0xFF), step(1, 255, 1));
    }

    @Test
    void sameWidth_rebuildsAndExpires() {
        mixedRoute(array);
        ReplayReadStream stream = array.createReadStream();
        array.setCommandWidth(CommandWidth.UINT8);
        assertThat(stream.expired()).isTrue();
        assertThat(steps(array)).isEqualTo(mixedSteps());
    }

    @Test
    void widenThenNarrow_roundTripsTheBytes() {
        mixedRoute(array);
        ReplaySave before = array.saveState().detach();
        array.setCommandWidth(CommandWidth.UINT16);
        array.setCommandWidth(CommandWidth.UINT8);
        assertThat(array.saveState()).isEqualTo(before);
    }

    @Test
    void widen_thenEditsUseTheNewWidth() {
        mixedRoute(array);
        array.setCommandWidth(CommandWidth.UINT16);
        array.add(1000, 1);
        array.insert(0, 40000);
        array.delete(3);
        assertThat(array.get(0)).isEqualTo(step(0, 40000));
        assertThat(array.get(6)).isEqualTo(step(6, 1000, 1));
        assertThat(commandHex(array)).startsWith("00 9C 40 01 00 01");
    }

    @Test
    void setCommandWidth_ignoresDisable() {
        array.add(1);
        array.disable();
        array.setCommandWidth(CommandWidth.UINT16);
        assertThat(array.commandWidth()).isEqualTo(CommandWidth.UINT16);
        assertThat(commandHex(array)).isEqualTo("00 00 01");
    }
}

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

import static dev.reprise.route.RouteTestSupport.hex;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link RouteLayout}: big-endian accessors and command entries (every number in a route is big-endian). */
class RouteLayoutTest {

    @Test
    void put_writesBigEndian_andReadsBack() {
        byte[] b = new byte[8];
        RouteLayout.put16(b, 0, 0x012C);
        RouteLayout.put32(b, 2, 0x80000001);
        assertThat(hex(b)).isEqualTo("01 2C 80 00 00 01 00 00");
        assertThat(RouteLayout.u16(b, 0)).isEqualTo(300);
        assertThat(RouteLayout.i32(b, 2)).isEqualTo(0x80000001);
        RouteLayout.put64(b, 0, Double.doubleToLongBits(1.5));
        assertThat(hex(b)).isEqualTo("3F F8 00 00 00 00 00 00");
        assertThat(RouteLayout.i64(b, 0)).isEqualTo(Double.doubleToLongBits(1.5));
    }

    @Test
    void signedAndUnsignedReads() {
        byte[] b = {(byte) 0xFF, (byte) 0xFE};
        assertThat(RouteLayout.u8(b, 0)).isEqualTo(255);
        assertThat(RouteLayout.u16(b, 0)).isEqualTo(0xFFFE);
        assertThat(RouteLayout.i16(b, 0)).isEqualTo((short) -2);
    }

    @Test
    void entries_ofBothWidths() {
        byte[] narrow = new byte[4];
        RouteLayout.putEntry(narrow, 2, 2, 3, 200);
        assertThat(hex(narrow)).isEqualTo("00 00 03 C8");
        assertThat(RouteLayout.code(narrow, 2, 2)).isEqualTo(200);

        byte[] wide = new byte[6];
        RouteLayout.putEntry(wide, 3, 3, 255, 65535);
        assertThat(hex(wide)).isEqualTo("00 00 00 FF FF FF");
        assertThat(RouteLayout.code(wide, 3, 3)).isEqualTo(65535);
    }
}

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

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * The param encoding byte for byte: every worked example of the engine's route format and every Java
 * value type Reprise maps (docs/route-format.md), each written, measured ({@link ParamCodec#size}) and read back.
 */
class ParamCodecTest {

    private static final BigInteger TWO = BigInteger.TWO;

    /** value, exact param bytes, value read back. */
    static Stream<Arguments> encodings() {
        return Stream.of(
                // the engine's worked bytes: how a number chooses its tag
                Arguments.of(2147483648L, "04 00 00 00 00 00 00 00 01", 2147483648L),
                Arguments.of(9007199254740991L, "04 7F FF FF FF 00 3F FF FF", 9007199254740991L),
                Arguments.of(-2147483649L, "05 00 00 00 01 00 00 00 01", -2147483649L),
                Arguments.of(-4294967297L, "05 00 00 00 01 00 00 00 02", -4294967297L),
                Arguments.of(1.5, "06 3F F8 00 00 00 00 00 00", 1.5),
                Arguments.of(300, "02 01 2C", 300),
                Arguments.of(32768, "03 00 00 80 00", 32768),
                Arguments.of(-1, "01 FF", -1),
                // tag boundaries
                Arguments.of(-128, "01 80", -128),
                Arguments.of(127, "01 7F", 127),
                Arguments.of(128, "02 00 80", 128),
                Arguments.of(-129, "02 FF 7F", -129),
                Arguments.of(-32768, "02 80 00", -32768),
                Arguments.of(32767, "02 7F FF", 32767),
                Arguments.of(-32769, "03 FF FF 7F FF", -32769),
                Arguments.of(Integer.MIN_VALUE, "03 80 00 00 00", Integer.MIN_VALUE),
                Arguments.of(Integer.MAX_VALUE, "03 7F FF FF FF", Integer.MAX_VALUE),
                Arguments.of(-1.5, "06 BF F8 00 00 00 00 00 00", -1.5),
                Arguments.of(0, "01 00", 0),
                // booleans
                Arguments.of(true, "00 01", true),
                Arguments.of(false, "00 00", false),
                // the engine's BigInteger bytes
                Arguments.of(BigInteger.ZERO, "07 01 00", BigInteger.ZERO),
                Arguments.of(BigInteger.valueOf(255), "07 01 FF", BigInteger.valueOf(255)),
                Arguments.of(BigInteger.valueOf(256), "07 02 00 01", BigInteger.valueOf(256)),
                Arguments.of(BigInteger.valueOf(100), "07 01 64", BigInteger.valueOf(100)),
                Arguments.of(new BigInteger("0102030405060708", 16), "07 08 08 07 06 05 04 03 02 01",
                        new BigInteger("0102030405060708", 16)),
                Arguments.of(BigInteger.valueOf(-1), "08 01 01", BigInteger.valueOf(-1)),
                Arguments.of(BigInteger.valueOf(-100), "08 01 64", BigInteger.valueOf(-100)),
                Arguments.of(BigInteger.valueOf(-128), "08 01 80", BigInteger.valueOf(-128)),
                Arguments.of(BigInteger.valueOf(-129), "08 01 81", BigInteger.valueOf(-129)),
                Arguments.of(BigInteger.valueOf(-256), "08 02 00 01", BigInteger.valueOf(-256)),
                Arguments.of(BigInteger.valueOf(-65537), "08 03 01 00 01", BigInteger.valueOf(-65537)),
                // the engine's strings: short tag 32 + length, tag 9 beyond 223 bytes
                Arguments.of("", "20", ""),
                Arguments.of("hi", "22 68 69", "hi"),
                Arguments.of("x", "21 78", "x"),
                Arguments.of("a".repeat(300), "09 00 00 01 2C " + repeat("61", 300), "a".repeat(300)));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("encodings")
    void encode_writesReferenceBytes_andReadsBack(Object value, String expectedHex, Object readBack) {
        assertThat(encode(value)).isEqualTo(expectedHex);
        assertThat(ParamCodec.size(value)).isEqualTo(bytes(expectedHex).length);
        assertThat(ParamCodec.sizeAt(bytes(expectedHex), 0)).isEqualTo(bytes(expectedHex).length);
        assertThat(ParamCodec.decode(bytes(expectedHex), 0)).isEqualTo(readBack);
    }

    /** Every {@code long}: tags 1–3 read back as Integer, 4–5 as Long, and Long.MIN_VALUE as a BigInteger. */
    static Stream<Arguments> longs() {
        return Stream.of(
                Arguments.of(0L, "01 00", 0),
                Arguments.of(127L, "01 7F", 127),
                Arguments.of(-128L, "01 80", -128),
                Arguments.of(128L, "02 00 80", 128),
                Arguments.of(-129L, "02 FF 7F", -129),
                Arguments.of(32767L, "02 7F FF", 32767),
                Arguments.of(-32768L, "02 80 00", -32768),
                Arguments.of(32768L, "03 00 00 80 00", 32768),
                Arguments.of(-32769L, "03 FF FF 7F FF", -32769),
                Arguments.of(2147483647L, "03 7F FF FF FF", Integer.MAX_VALUE),
                Arguments.of(-2147483648L, "03 80 00 00 00", Integer.MIN_VALUE),
                Arguments.of(2147483648L, "04 00 00 00 00 00 00 00 01", 2147483648L),
                Arguments.of(-2147483649L, "05 00 00 00 01 00 00 00 01", -2147483649L),
                Arguments.of(4294967295L, "04 7F FF FF FF 00 00 00 01", 4294967295L),
                Arguments.of(4294967296L, "04 00 00 00 00 00 00 00 02", 4294967296L),
                // 2^62 - 1: the largest magnitude the original engine round-trips
                Arguments.of((1L << 62) - 1, "04 7F FF FF FF 7F FF FF FF", (1L << 62) - 1),
                // 2^62: same bytes as the original engine writes, but read back correctly (the engine reads -2^62)
                Arguments.of(1L << 62, "04 00 00 00 00 80 00 00 00", 1L << 62),
                Arguments.of(-(1L << 62), "05 00 00 00 00 80 00 00 00", -(1L << 62)),
                Arguments.of(Long.MAX_VALUE, "04 7F FF FF FF FF FF FF FF", Long.MAX_VALUE),
                Arguments.of(Long.MIN_VALUE + 1, "05 7F FF FF FF FF FF FF FF", Long.MIN_VALUE + 1),
                // |Long.MIN_VALUE| = 2^63 does not fit the halves: a tag-8 BigInteger of 8 bytes
                Arguments.of(Long.MIN_VALUE, "08 08 00 00 00 00 00 00 00 80", BigInteger.valueOf(Long.MIN_VALUE)));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("longs")
    void long_everyBoundary_roundTripsExactly(long value, String expectedHex, Object readBack) {
        assertThat(encode(value)).isEqualTo(expectedHex);
        assertThat(ParamCodec.size(value)).isEqualTo(bytes(expectedHex).length);
        assertThat(ParamCodec.decode(bytes(expectedHex), 0)).isEqualTo(readBack);

        ReplayArray primitive = new ReplayArray();
        primitive.add(0, value);
        assertThat(paramHex(primitive)).isEqualTo(expectedHex);
        assertThat(primitive.get(0).params()).containsExactly(readBack);
    }

    @Test
    void byteAndShort_storedAsTheSmallestIntegerTag_readBackAsInteger() {
        assertThat(encode((byte) -5, (byte) 127, (short) 300, (short) -32768, (short) 5))
                .isEqualTo("01 FB 01 7F 02 01 2C 02 80 00 01 05");
        ReplayArray array = new ReplayArray();
        array.add(0, (byte) -5, (short) 300);
        assertThat(array.get(0).params()).containsExactly(-5, 300);
    }

    @Test
    void double_isAlwaysTag6_evenForIntegralValues() {
        // The original engine would write 3.0 as "01 03"; Reprise keeps the type (docs/compatibility.md).
        assertThat(encode(3.0)).isEqualTo("06 40 08 00 00 00 00 00 00");
        assertThat(encode(0.0)).isEqualTo("06 00 00 00 00 00 00 00 00");
        ReplayArray array = new ReplayArray();
        array.add(0, 3.0);
        assertThat(array.get(0).param(0)).isInstanceOf(Double.class).isEqualTo(3.0);
    }

    @Test
    void negativeZero_keepsItsSign() {
        assertThat(encode(-0.0)).isEqualTo("06 80 00 00 00 00 00 00 00");
        ReplayArray array = new ReplayArray();
        array.add(0, -0.0, -0.0f);
        assertThat(array.get(0).params()).containsExactly(-0.0, -0.0);
        assertThat(Double.doubleToRawLongBits(array.get(0).doubleParam(0))).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void nan_isWrittenCanonically() {
        double otherNaN = Double.longBitsToDouble(0x7FF0_0000_0000_0001L);
        double negativeNaN = Double.longBitsToDouble(0xFFF8_0000_0000_0000L);
        assertThat(encode(Double.NaN, otherNaN, negativeNaN, Float.NaN)).isEqualTo(
                ("06 7F F8 00 00 00 00 00 00 ").repeat(4).trim());
        ReplayArray array = new ReplayArray();
        array.add(0, otherNaN);
        assertThat(array.get(0).doubleParam(0)).isNaN();
    }

    @Test
    void infinities_areTag6() {
        assertThat(encode(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY))
                .isEqualTo("06 7F F0 00 00 00 00 00 00 06 FF F0 00 00 00 00 00 00 06 FF F0 00 00 00 00 00 00");
    }

    @Test
    void float_isWidenedToDouble() {
        assertThat(encode(1.5f)).isEqualTo("06 3F F8 00 00 00 00 00 00");
        assertThat(encode(0.1f)).isEqualTo("06 3F B9 99 99 A0 00 00 00");
        ReplayArray array = new ReplayArray();
        array.add(0, 0.1f);
        assertThat(array.get(0).params()).containsExactly((double) 0.1f);
    }

    @Test
    void loneSurrogates_becomeReplacementCharacterBytes() {
        assertThat(encode("\uD800")).isEqualTo("23 EF BF BD");
        assertThat(encode("a\uDC00b")).isEqualTo("25 61 EF BF BD 62");
        assertThat(encode("\uDBFF\uDBFF")).isEqualTo("26 EF BF BD EF BF BD");
        assertThat(encode("\uDC00\uD800")).isEqualTo("26 EF BF BD EF BF BD");
        ReplayArray array = new ReplayArray();
        array.add(0, "a\uD800");
        assertThat(array.get(0).stringParam(0)).isEqualTo("a\uFFFD");
    }

    @Test
    void surrogatePair_isFourUtf8Bytes() {
        assertThat(encode("\uD83D\uDE00")).isEqualTo("24 F0 9F 98 80");
        assertThat(encode("é€")).isEqualTo("25 C3 A9 E2 82 AC");
    }

    @Test
    void leadingByteOrderMark_isKept() {
        // The original engine's TextDecoder strips a leading U+FEFF on read; Reprise keeps it.
        assertThat(encode("\uFEFFx")).isEqualTo("24 EF BB BF 78");
        ReplayArray array = new ReplayArray();
        array.add(0, "\uFEFFx", "\uFEFF");
        assertThat(array.get(0).params()).containsExactly("\uFEFFx", "\uFEFF");
    }

    @Test
    void string_of223Bytes_isShort_224Bytes_isLong() {
        assertThat(encode("a".repeat(223))).isEqualTo("FF " + repeat("61", 223));
        assertThat(encode("a".repeat(224))).isEqualTo("09 00 00 00 E0 " + repeat("61", 224));
        // 223 chars but 224 UTF-8 bytes: the byte length decides
        String mixed = "a".repeat(222) + "é";
        assertThat(mixed.getBytes(StandardCharsets.UTF_8)).hasSize(224);
        assertThat(encode(mixed)).startsWith("09 00 00 00 E0 61");
        ReplayArray array = new ReplayArray();
        array.add(0, "a".repeat(223), "a".repeat(224), mixed);
        assertThat(array.get(0).params()).containsExactly("a".repeat(223), "a".repeat(224), mixed);
    }

    @Test
    void bigInteger_largestMagnitude_takes255Bytes() {
        BigInteger max = TWO.pow(2040).subtract(BigInteger.ONE);
        assertThat(encode(max)).isEqualTo("07 FF " + repeat("FF", 255));
        assertThat(encode(max.negate())).isEqualTo("08 FF " + repeat("FF", 255));
        assertThat(ParamCodec.size(max)).isEqualTo(257);
        assertThat(ParamCodec.decode(bytes(encode(max.negate())), 0)).isEqualTo(max.negate());
    }

    @Test
    void bigInteger_ofMagnitude2pow2040_isTooLarge() {
        assertThat(ParamCodec.size(TWO.pow(2040))).isEqualTo(ParamCodec.BIGINT_TOO_LARGE);
        assertThat(ParamCodec.size(TWO.pow(2040).negate())).isEqualTo(ParamCodec.BIGINT_TOO_LARGE);
    }

    @Test
    void negativeBigInteger_ofZeroMagnitude_readsBackAsZero() {
        assertThat(ParamCodec.decode(bytes("08 01 00"), 0)).isEqualTo(BigInteger.ZERO);
    }

    @Test
    void unsupportedValues_measureAsUnsupported() {
        assertThat(ParamCodec.size(null)).isEqualTo(ParamCodec.UNSUPPORTED);
        assertThat(ParamCodec.size('c')).isEqualTo(ParamCodec.UNSUPPORTED);
        assertThat(ParamCodec.size(new Object())).isEqualTo(ParamCodec.UNSUPPORTED);
        assertThat(ParamCodec.size(new java.math.BigDecimal("1.5"))).isEqualTo(ParamCodec.UNSUPPORTED);
        assertThat(ParamCodec.size(new java.util.concurrent.atomic.AtomicInteger(1)))
                .isEqualTo(ParamCodec.UNSUPPORTED);
    }

    @Test
    void mixedStep_encodesToTheEnginesBytes() {
        BigInteger big = new BigInteger("0102030405060708", 16);
        assertThat(encode(true, big, 2147483648L, "x"))
                .isEqualTo("00 01 07 08 08 07 06 05 04 03 02 01 04 00 00 00 00 00 00 00 01 21 78");
    }
}

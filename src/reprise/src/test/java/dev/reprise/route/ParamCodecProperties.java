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

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.route.RouteTestSupport.Warnings;
import dev.reprise.testing.Gen;
import dev.reprise.testing.SeededCases;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The codec on random values: size, write, sizeAt and decode agree with each other and with the model. */
class ParamCodecProperties {

    @Test
    void write_takesExactlySize_andDecodesToTheModelsValue() {
        SeededCases.check(400, gen -> writeTakesExactlySize(RouteGenerators.param(gen)));
    }

    private static void writeTakesExactlySize(Object value) {
        int size = ParamCodec.size(value);
        Object expected = RouteModel.readBack(value);
        if (size == ParamCodec.UNSUPPORTED) {
            assertThat(expected).as("only unsupported values are unsupported").isNull();
            return;
        }
        if (size == ParamCodec.BIGINT_TOO_LARGE) {
            assertThat(((BigInteger) value).abs().bitLength()).isGreaterThan(2040);
            return;
        }
        byte[] buffer = new byte[size + 4];
        assertThat(ParamCodec.write(value, buffer, 2)).isEqualTo(2 + size);
        assertThat(ParamCodec.sizeAt(buffer, 2)).isEqualTo(size);
        assertThat(ParamCodec.decode(buffer, 2)).isEqualTo(expected);
        assertThat(size).isEqualTo(RouteModel.bytes(expected));
        assertThat(buffer[0] | buffer[1] | buffer[size + 2] | buffer[size + 3]).as("no byte outside").isZero();
    }

    @Test
    void add_readsBackAsTheModelSays() {
        SeededCases.check(200, gen -> addReadsBack(RouteGenerators.param(gen)));
    }

    private static void addReadsBack(Object value) {
        Warnings warnings = new Warnings();
        ReplayArray array = new ReplayArray(ReplayArrayConfig.builder().paramMaxLength(1 << 20).build(), warnings);
        array.add(1, value);
        RouteModel.Normalised expected = RouteModel.normalise(new Object[] {value});
        assertThat(array.get(0).params()).isEqualTo(expected.values());
        assertThat(array.paramByteCount()).isEqualTo(expected.bytes());
        assertThat(warnings.codes()).isEqualTo(expected.warnings());
    }

    @Test
    void utf8_isTheJdksEncodingOfTheStringWithLoneSurrogatesReplaced() {
        SeededCases.check(300, gen -> utf8IsTheJdksEncoding(anyText(gen)));
    }

    private static void utf8IsTheJdksEncoding(String s) {
        byte[] expected = RouteModel.withoutLoneSurrogates(s).getBytes(StandardCharsets.UTF_8);
        assertThat(Utf8.length(s)).isEqualTo(expected.length);
        byte[] actual = new byte[expected.length];
        assertThat(Utf8.encode(s, actual, 0)).isEqualTo(expected.length);
        assertThat(actual).isEqualTo(expected);
        assertThat(ParamCodec.decodeString(prefixed(actual), 0)).isEqualTo(RouteModel.withoutLoneSurrogates(s));
    }

    private static byte[] prefixed(byte[] utf8) {
        byte[] b = new byte[utf8.length + 5];
        b[0] = (byte) RouteLayout.TAG_LONG_STRING;
        RouteLayout.put32(b, 1, utf8.length);
        System.arraycopy(utf8, 0, b, 5, utf8.length);
        return b;
    }

    private static String anyText(Gen gen) {
        return gen.string(0, 40, '\u0000', '\uFFFF');
    }
}

package dev.reprise.route;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.route.RouteTestSupport.Warnings;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The codec on random values: size, write, sizeAt and decode agree with each other and with the model. */
class ParamCodecProperties {

    @Property(tries = 400)
    void write_takesExactlySize_andDecodesToTheModelsValue(@ForAll("param") Object value) {
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

    @Property(tries = 200)
    void add_readsBackAsTheModelSays(@ForAll("param") Object value) {
        Warnings warnings = new Warnings();
        ReplayArray array = new ReplayArray(ReplayArrayConfig.builder().paramMaxLength(1 << 20).build(), warnings);
        array.add(1, value);
        RouteModel.Normalised expected = RouteModel.normalise(new Object[] {value});
        assertThat(array.get(0).params()).isEqualTo(expected.values());
        assertThat(array.paramBytes()).isEqualTo(expected.bytes());
        assertThat(warnings.codes()).isEqualTo(expected.warnings());
    }

    @Property(tries = 300)
    void utf8_isTheJdksEncodingOfTheStringWithLoneSurrogatesReplaced(@ForAll("anyText") String s) {
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

    @Provide
    Arbitrary<Object> param() {
        return RouteArbitraries.param();
    }

    @Provide
    Arbitrary<String> anyText() {
        return Arbitraries.strings().withCharRange('\u0000', '\uFFFF').ofMaxLength(40);
    }
}

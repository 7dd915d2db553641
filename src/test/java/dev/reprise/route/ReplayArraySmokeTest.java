package dev.reprise.route;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class ReplayArraySmokeTest {

    private static String hex(java.nio.ByteBuffer b) {
        return HexFormat.ofDelimiter(" ").formatHex(ReplaySave.bytes(b));
    }

    @Test
    void add_writesReferenceBytes() {
        ReplayArray a = new ReplayArray();
        a.add(3, new Object[] {1});
        assertThat(hex(a.saveState().commandArray())).isEqualTo("01 03");
        assertThat(hex(a.saveState().paramArray())).isEqualTo("01 01");
    }

    @Test
    void add_int64AndBigInteger_roundTrip() {
        ReplayArray a = new ReplayArray();
        a.add(0, 2147483648L, 9007199254740991L, -2147483649L, Long.MAX_VALUE, Long.MIN_VALUE,
                new BigInteger("0102030405060708", 16), "hi", "", 1.5);
        assertThat(hex(a.saveState().paramArray())).startsWith(
                "04 00 00 00 00 00 00 00 01 04 7f ff ff ff 00 3f ff ff 05 00 00 00 01 00 00 00 01");
        assertThat(a.get(0).params()).containsExactly(2147483648L, 9007199254740991L, -2147483649L,
                Long.MAX_VALUE, BigInteger.valueOf(Long.MIN_VALUE), new BigInteger("0102030405060708", 16),
                "hi", "", 1.5);
    }
}

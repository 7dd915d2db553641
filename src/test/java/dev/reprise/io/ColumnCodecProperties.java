package dev.reprise.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.route.CommandWidth;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplaySave;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class ColumnCodecProperties {

    @Provide
    Arbitrary<ReplaySave> routes() {
        return RandomRoutes.routes(300);
    }

    @Property(tries = 500)
    void decode_ofEncode_givesTheRouteBytesBack(@ForAll("routes") ReplaySave route) {
        assertRoundTrip(route);
    }

    @Example
    void nibblePairs_onlyInsideOneStep() {
        ReplayArray array = new ReplayArray();
        array.add(8, 3);        // one nibble: no pair with the next step's param
        array.add(8, 4, 5);     // a pair
        array.add(8, 4, 16);    // 16 is not a nibble
        array.add(8, 1, 2, 3);  // a pair, then a single
        array.add(9, -1, 2);    // negative: no pair
        assertRoundTrip(array.saveState().detach());
    }

    @Example
    void longRunsAndEscapedRanks_roundTrip() {
        ReplayArray array = new ReplayArray(dev.reprise.route.ReplayArrayConfig.builder()
                .commandWidth(CommandWidth.UINT16).build());
        for (int i = 0; i < 40; i++) {
            array.add(0);
        }
        for (int code = 0; code < 300; code++) {
            array.add(code * 200);  // ranks past 14 use the escape token
            array.add(code * 200);
        }
        assertRoundTrip(array.saveState().detach());
    }

    @Example
    void emptyRoute_roundTrips() {
        assertRoundTrip(new ReplayArray().saveState().detach());
    }

    private static void assertRoundTrip(ReplaySave route) {
        byte[] commands = route.commandBytes();
        byte[] params = route.paramBytes();
        ColumnCodec.Encoded encoded = ColumnCodec.encode(commands, params, route.length(), route.commandWidth());
        assertThat(encoded.boundaries()[encoded.boundaries().length - 1]).isEqualTo(encoded.bytes().length);
        assertThat((long) encoded.bytes().length).isLessThanOrEqualTo(FileCodec.inflatedBound(route.length(), params.length));
        ColumnCodec.Areas areas = ColumnCodec.decode(new BoundedInput(encoded.bytes(), 0, encoded.bytes().length, 0,
                "inflated body"), route.length(), route.commandWidth(), params.length);
        assertThat(areas.commands()).isEqualTo(commands);
        assertThat(areas.params()).isEqualTo(params);
    }
}

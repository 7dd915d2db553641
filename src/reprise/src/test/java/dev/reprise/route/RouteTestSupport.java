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

import dev.reprise.diagnostic.ReplayWarning;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;

/** Shared fixtures for the route tests: hex of buffers, reference configs and routes, a warning recorder. */
final class RouteTestSupport {

    private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

    /** The reference tests' config: 32 steps and 128 bytes to start, multiplier 2, UINT8, caps 64 and 512. */
    static final ReplayArrayConfig REFERENCE_TEST_CONFIG = ReplayArrayConfig.builder()
            .initCommandLength(32).initParamLength(128)
            .commandExpandMultiplier(2).paramExpandMultiplier(2)
            .commandWidth(CommandWidth.UINT8)
            .commandMaxLength(64).paramMaxLength(512)
            .build();

    /** Room for several hundred params per step (long strings and large BigIntegers). */
    static final ReplayArrayConfig LARGE_PARAMS_CONFIG = REFERENCE_TEST_CONFIG.toBuilder()
            .initParamLength(1024).paramMaxLength(4096).build();

    private RouteTestSupport() {
    }

    /** Upper-case hex, bytes separated by spaces, of the buffer's remaining bytes. */
    static String hex(ByteBuffer buffer) {
        return HEX.formatHex(ReplaySave.bytes(buffer));
    }

    static String hex(byte[] bytes) {
        return HEX.formatHex(bytes);
    }

    static byte[] bytes(String hex) {
        return hex.isBlank() ? new byte[0] : HEX.parseHex(hex.trim());
    }

    static ByteBuffer buffer(String hex) {
        return ByteBuffer.wrap(bytes(hex));
    }

    /** The used command bytes of {@code array}, in hex. */
    static String commandHex(ReplayArray array) {
        return hex(array.saveState().commandArray());
    }

    /** The used param bytes of {@code array}, in hex. */
    static String paramHex(ReplayArray array) {
        return hex(array.saveState().paramArray());
    }

    /** The param bytes one step with {@code params} gets, in hex. */
    static String encode(Object... params) {
        ReplayArray array = new ReplayArray(LARGE_PARAMS_CONFIG.toBuilder()
                .initParamLength(8192).paramMaxLength(8192).build());
        array.add(0, params);
        return paramHex(array);
    }

    /** {@code n} copies of a hex byte, space separated. */
    static String repeat(String hexByte, int n) {
        return String.join(" ", java.util.Collections.nCopies(n, hexByte));
    }

    static ReplayStep step(int index, int code, Object... params) {
        return new ReplayStep(index, code, List.of(params));
    }

    /** Every step through {@link ReplayArray#get(int)}. */
    static List<ReplayStep> steps(ReplayArray array) {
        List<ReplayStep> steps = new ArrayList<>();
        for (int i = 0; i < array.length(); i++) {
            steps.add(array.get(i));
        }
        return steps;
    }

    /** Every step a fresh stream reads, checking its 0-based index and that it then returns null. */
    static List<ReplayStep> streamed(ReplayArray array, int start) {
        ReplayReadStream stream = array.createReadStream(start);
        List<ReplayStep> steps = new ArrayList<>();
        for (ReplayStep step = stream.read(); step != null; step = stream.read()) {
            assertThat(step.index()).isEqualTo(start + steps.size());
            steps.add(step);
            assertThat(stream.index()).isEqualTo(start + steps.size());
        }
        assertThat(stream.read()).isNull();
        assertThat(stream.index()).isEqualTo(array.length());
        return steps;
    }

    /** Every step a fresh cursor visits, rebuilt from its accessors. */
    static List<ReplayStep> cursored(ReplayArray array) {
        ReplayCursor cursor = array.cursor(0);
        List<ReplayStep> steps = new ArrayList<>();
        while (cursor.next()) {
            Object[] params = new Object[cursor.paramCount()];
            for (int i = 0; i < params.length; i++) {
                params[i] = cursor.param(i);
            }
            steps.add(new ReplayStep(cursor.index(), cursor.code(), Arrays.asList(params)));
        }
        assertThat(cursor.next()).isFalse();
        return steps;
    }

    /** Asserts that every byte past the used region of both areas is zero. */
    static void assertZeroTails(ReplayArray array) {
        assertThat(firstNonZero(array.commandBuffer(), array.commandByteCount()))
                .as("first non-zero command byte past the used bytes").isEqualTo(-1);
        assertThat(firstNonZero(array.paramBuffer(), array.paramByteCount()))
                .as("first non-zero param byte past the used bytes").isEqualTo(-1);
    }

    private static int firstNonZero(byte[] bytes, int from) {
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] != 0) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The engine tests' "mixed route" of the editing and read-stream tests, six steps of every kind of param; its
     * step 1 is {@code {2, [true, 'x']}}, the first step left after deleting step 0.
     */
    static ReplayArray mixedRoute(ReplayArray array) {
        array.add(1, 10);
        array.add(2, true, "x");
        array.add(3, 300, -5);
        array.add(4);
        array.add(5, 2147483648L, 1.5);
        array.add(6, BigInteger.valueOf(100), "hello");
        return array;
    }

    static List<ReplayStep> mixedSteps() {
        return List.of(step(0, 1, 10), step(1, 2, true, "x"), step(2, 3, 300, -5), step(3, 4),
                step(4, 5, 2147483648L, 1.5), step(5, 6, BigInteger.valueOf(100), "hello"));
    }

    /** Collects warnings; pass it as the listener of a {@link ReplayArray}. */
    static final class Warnings implements Consumer<ReplayWarning> {
        final List<ReplayWarning> list = new ArrayList<>();

        @Override
        public void accept(ReplayWarning warning) {
            list.add(warning);
        }

        List<Integer> codes() {
            return list.stream().map(ReplayWarning::code).toList();
        }

        void clear() {
            list.clear();
        }
    }
}

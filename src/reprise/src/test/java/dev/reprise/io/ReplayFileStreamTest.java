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
package dev.reprise.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.reprise.route.ReplayFormatException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** read(InputStream) validates as the bytes arrive and reads only what the header declares. */
class ReplayFileStreamTest {

    /** Endless bytes, counting how many were read. */
    static final class Endless extends InputStream {
        private final int value;
        long read;

        Endless(int value) {
            this.value = value;
        }

        @Override
        public int read() {
            read++;
            return value;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            java.util.Arrays.fill(b, off, off + len, (byte) value);
            read += len;
            return len;
        }
    }

    /**
     * The start of an uncompressed one-width file declaring these counts, followed by {@code rest}
     * (the bytes after the body length).
     */
    private static byte[] uncompressedHeader(int steps, int paramBytes, int bodyLength, byte[] rest) {
        ByteOutput header = new ByteOutput(32);
        header.bytes(new byte[] {(byte) 0x89, 'R', 'P', 'Y', 2, 0, 0, 1});
        header.varint(steps);
        header.varint(paramBytes);
        header.varint(bodyLength);
        header.bytes(rest);
        return header.toByteArray();
    }

    @Test
    void anEndlessStream_isRefusedAtItsFirstBytes() {
        Endless zeros = new Endless(0);

        assertThatThrownBy(() -> ReplayFile.read(zeros)).isInstanceOf(ReplayFormatException.class)
                .hasMessageContaining("Not a Reprise replay file");
        assertThat(zeros.read).isLessThanOrEqualTo(256);
    }

    @Test
    void aValidFileFollowedByEndlessBytes_isRefusedAfterOneMoreByte() {
        byte[] bytes = ReplayFileTest.sampleFile(Compression.COMPACT).toBytes();
        Endless tail = new Endless(7);

        assertThatThrownBy(() -> ReplayFile.read(new SequenceInputStream(new ByteArrayInputStream(bytes), tail)))
                .isInstanceOf(ReplayFormatException.class).hasMessageContaining("Unexpected bytes after the end")
                .hasMessageContaining("file byte " + bytes.length);
        assertThat(tail.read).isLessThanOrEqualTo(256);
    }

    @Test
    void aHeaderDeclaringMoreThanTheStreamHolds_isTruncated_withoutBufferingTheDeclaredSize() {
        byte[] header = uncompressedHeader(1_000_000, 9_000_000, 11_000_000, new byte[] {0, 0, 0, 1, 2, 3});

        assertThatThrownBy(() -> ReplayFile.read(new ByteArrayInputStream(header)))
                .isInstanceOf(ReplayFormatException.class).hasMessageContaining("Truncated file")
                .hasMessageContaining("11000000");
    }

    @Test
    void anEndlessStreamAfterAValidHeader_stopsAtTheDeclaredEnd() {
        byte[] header = uncompressedHeader(100_000, 0, 200_000, new byte[] {0, 0, 0});
        Endless tail = new Endless(0);

        assertThatThrownBy(() -> ReplayFile.read(new SequenceInputStream(new ByteArrayInputStream(header),
                tail))).isInstanceOf(ReplayFormatException.class);
        assertThat(tail.read).isLessThanOrEqualTo(200_000 + 4 + 256);
    }

    /** Delivers one byte a read; with {@code hiccups}, every other read returns no byte. */
    static final class OneByteAtATime extends InputStream {
        private final byte[] bytes;
        private final boolean hiccups;
        private int at;
        private int calls;

        OneByteAtATime(byte[] bytes, boolean hiccups) {
            this.bytes = bytes;
            this.hiccups = hiccups;
        }

        @Override
        public int read() {
            return at < bytes.length ? bytes[at++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (at == bytes.length) {
                return -1;
            }
            if (hiccups && ++calls % 2 == 0) {
                return 0;
            }
            b[off] = bytes[at++];
            return 1;
        }
    }

    @Test
    void aStreamOfAValidFile_inOneByteReads_reads() throws IOException {
        ReplayFile file = ReplayFileTest.sampleFile(Compression.COMPACT);

        assertThat(ReplayFile.read(new OneByteAtATime(file.toBytes(), false))).isEqualTo(file);
    }

    /** Delivers {@code bytes} a few at a time, then returns 0 from every read for ever (a broken stream). */
    static final class StallingAfter extends InputStream {
        private final byte[] bytes;
        private int at;
        long emptyReads;

        StallingAfter(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public int read() {
            throw new AssertionError("a single-byte read would block; the reader must not need one here");
        }

        @Override
        public int read(byte[] b, int off, int len) {
            int n = Math.min(Math.min(len, 7), bytes.length - at);
            if (n == 0) {
                emptyReads++;
                return 0;
            }
            System.arraycopy(bytes, at, b, off, n);
            at += n;
            return n;
        }
    }

    @Test
    void aStreamThatKeepsReturningZero_isRefusedAfterABoundedNumberOfEmptyReads_namingTheByte() {
        byte[] file = ReplayFileTest.sampleFile(Compression.NONE).toBytes();
        StallingAfter inHeader = new StallingAfter(Arrays.copyOf(file, 5));
        StallingAfter inBody = new StallingAfter(Arrays.copyOf(file, file.length - 3));

        Duration bound = Duration.ofSeconds(10);
        assertThatThrownBy(() -> assertTimeoutPreemptively(bound, () -> ReplayFile.read(inHeader)))
                .isInstanceOf(IOException.class).isNotInstanceOf(ReplayFormatException.class)
                .hasMessageContaining("returned no bytes " + StreamRead.MAX_EMPTY_READS + " reads in a row")
                .hasMessageContaining("at file byte 5 ");
        assertThatThrownBy(() -> assertTimeoutPreemptively(bound, () -> ReplayFile.read(inBody)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("at file byte " + (file.length - 3) + " ");
        assertThat(inHeader.emptyReads).isEqualTo(StreamRead.MAX_EMPTY_READS);
        assertThat(inBody.emptyReads).isEqualTo(StreamRead.MAX_EMPTY_READS);
    }

    @Test
    void aStreamThatReturnsZeroNowAndThen_isReadWhole() throws IOException {
        ReplayFile file = ReplayFileTest.sampleFile(Compression.COMPACT);

        assertThat(ReplayFile.read(new OneByteAtATime(file.toBytes(), true))).isEqualTo(file);
    }
}

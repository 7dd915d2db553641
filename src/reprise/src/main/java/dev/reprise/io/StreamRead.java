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

import dev.reprise.route.ReplayFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One read of a replay file from a stream, validating as the bytes arrive: the header is parsed
 * (and refused) as soon as enough of it is there, then exactly the declared rest of the file is
 * read, in chunks of at most {@link #CHUNK} bytes, into a buffer that grows with what really
 * arrives. So a stream that is not a replay file costs a few bytes, an endless one stops at the
 * declared end (plus one byte, to see that the stream ends there), and a header that declares more
 * than the stream holds allocates only what the stream delivered. The thread's interrupt flag is
 * checked between chunks. Not thread-safe; used once.
 *
 * <p>Memory: every buffer is reserved from {@link DecodeBudget#SHARED} before it is allocated (the
 * old and the new one while the buffer grows), and as soon as the header is known the read
 * reserves all it will hold: the input and the decoding's working memory. So the whole read,
 * input included, stays within the budget; it holds the reservation while the bytes arrive.
 */
final class StreamRead {

    /** The most bytes read in one call. */
    static final int CHUNK = 64 * 1024;
    /**
     * The most reads in a row that may return no byte: {@code InputStream.read} blocks until a byte
     * arrives, so a stream that keeps returning 0 is broken and would otherwise be read forever.
     */
    static final int MAX_EMPTY_READS = 1000;
    /** The first read: enough for the fixed header and most whole headers. */
    private static final int FIRST = 256;

    private final ReplayFileReader limits;
    private final InputStream in;
    private byte[] buffer = new byte[0];
    private int size;
    private boolean ended;
    /** The memory reserved for the read under way: set by {@link #read()} for its duration. */
    private DecodeBudget.@Nullable Reservation reserved;

    StreamRead(ReplayFileReader limits, InputStream in) {
        this.limits = limits;
        this.in = in;
    }

    FileCodec.Decoded read() throws IOException {
        try (DecodeBudget.Reservation reservation = DecodeBudget.SHARED.open(limits.memoryWait())) {
            reserved = reservation;
            FileCodec.Layout layout = header();
            long length = layout.fileLength();
            if (length > limits.maxFileBytes()) {
                throw new ReplayFormatException("The header declares a file of " + length + " bytes, more than the "
                        + "largest replay file the caps allow (" + limits.maxFileBytes() + " bytes) (file byte "
                        + limits.maxFileBytes() + ")", -1, limits.maxFileBytes());
            }
            // All the rest of the read holds, before any of it is allocated: the buffer grown to the
            // declared length (the old and the new buffer while it grows) and the decoding's work.
            reservation.atLeast(buffer.length + Math.max(2 * length, layout.workingBytes(length)));
            fill((int) length);
            if (size < length) {
                throw new ReplayFormatException("Truncated file: the header declares a body of "
                        + layout.bodyLength() + " bytes and a checksum, ending at byte " + length
                        + ", but the input ends after " + size + " bytes (file byte " + size + ")", -1, size);
            }
            if (!ended && in.read() >= 0) {
                throw new ReplayFormatException("Unexpected bytes after the end of the replay file, which the "
                        + "header declares to end at byte " + length + " (file byte " + length + ")", -1, length);
            }
            return FileCodec.decode(buffer, size, limits, null);
        }
    }

    /** Reads until the header is complete (and valid as far as it goes), doubling what is asked each time. */
    private FileCodec.Layout header() throws IOException {
        int want = FIRST;
        while (true) {
            fill(want);
            try {
                return FileCodec.layout(buffer, size, limits, !ended);
            } catch (FileCodec.NeedMore more) {
                // The header goes on past what has arrived: ask for more (the caps bound it).
                want = (int) Math.min((long) want * 2, (long) limits.maxHeaderBytes() + 64);
                if (size >= want) {
                    want = size + 1;
                }
            }
        }
    }

    /** Reads until {@code size == target} or the stream ends, a chunk at a time. */
    private void fill(int target) throws IOException {
        int empty = 0;
        while (size < target && !ended) {
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedIOException("Interrupted while reading a replay file, after " + size + " bytes");
            }
            if (buffer.length < target) {
                // Grow with the data, never to a declared size the stream has not backed yet.
                int length = (int) Math.min(target, Math.max(Math.max((long) buffer.length * 2, FIRST), size + CHUNK));
                Objects.requireNonNull(reserved, "fill runs within read").atLeast((long) buffer.length + length);
                buffer = Arrays.copyOf(buffer, length);
            }
            int n = in.read(buffer, size, Math.min(CHUNK, Math.min(target, buffer.length) - size));
            if (n < 0) {
                ended = true;
            } else if (n == 0 && ++empty >= MAX_EMPTY_READS) {
                throw new IOException("The stream returned no bytes " + MAX_EMPTY_READS + " reads in a row, at file "
                        + "byte " + size + " of a replay file: it is broken (a read must block until a byte arrives)");
            } else if (n > 0) {
                empty = 0;
                size += n;
            }
        }
    }
}

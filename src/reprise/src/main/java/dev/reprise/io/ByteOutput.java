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

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** A growable byte array with the file's primitive encodings: u8, varint, string, raw bytes. */
final class ByteOutput {

    private byte[] bytes;
    private int size;

    ByteOutput(int initialCapacity) {
        bytes = new byte[Math.max(16, initialCapacity)];
    }

    int size() {
        return size;
    }

    byte[] array() {
        return bytes;
    }

    byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    void reset() {
        size = 0;
    }

    /** Drops the bytes from {@code newSize} on ({@code newSize <= size()}). */
    void truncate(int newSize) {
        size = newSize;
    }

    private void ensure(int more) {
        if (size + more > bytes.length) {
            long wanted = Math.max((long) size + more, (long) bytes.length * 2);
            if (wanted > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("Replay file larger than 2 GB");
            }
            bytes = Arrays.copyOf(bytes, (int) wanted);
        }
    }

    void u8(int value) {
        ensure(1);
        bytes[size++] = (byte) value;
    }

    /** Writes {@code value} (0..2^32-1) as an unsigned LEB128 varint. */
    void varint(long value) {
        ensure(FileLayout.MAX_VARINT_BYTES);
        while ((value & ~0x7FL) != 0) {
            bytes[size++] = (byte) (value & 0x7F | 0x80);
            value >>>= 7;
        }
        bytes[size++] = (byte) value;
    }

    void bytes(byte[] source, int from, int length) {
        ensure(length);
        System.arraycopy(source, from, bytes, size, length);
        size += length;
    }

    void bytes(byte[] source) {
        bytes(source, 0, source.length);
    }

    void string(String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        varint(utf8.length);
        bytes(utf8);
    }

    /** Writes a big-endian 32-bit value. */
    void u32(int value) {
        ensure(4);
        bytes[size++] = (byte) (value >>> 24);
        bytes[size++] = (byte) (value >>> 16);
        bytes[size++] = (byte) (value >>> 8);
        bytes[size++] = (byte) value;
    }

    /** Encoded size of a varint. */
    static int varintSize(long value) {
        int n = 1;
        while ((value & ~0x7FL) != 0) {
            value >>>= 7;
            n++;
        }
        return n;
    }
}

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

import java.util.Arrays;
import java.util.Random;
import java.util.zip.CRC32C;

/** Ways to damage a replay file, for the property test and the fuzzer. */
enum Corruption {
    /** Flip one bit anywhere. */
    BIT_FLIP {
        @Override
        byte[] apply(byte[] file, Random random) {
            byte[] copy = file.clone();
            copy[random.nextInt(copy.length)] ^= (byte) (1 << random.nextInt(8));
            return copy;
        }
    },
    /** Overwrite one byte with a random value. */
    BYTE_SET {
        @Override
        byte[] apply(byte[] file, Random random) {
            byte[] copy = file.clone();
            copy[random.nextInt(copy.length)] = (byte) random.nextInt(256);
            return copy;
        }
    },
    /** Cut the file anywhere. */
    TRUNCATE {
        @Override
        byte[] apply(byte[] file, Random random) {
            return Arrays.copyOf(file, random.nextInt(file.length));
        }
    },
    /** Append random bytes. */
    APPEND {
        @Override
        byte[] apply(byte[] file, Random random) {
            byte[] copy = Arrays.copyOf(file, file.length + 1 + random.nextInt(16));
            for (int i = file.length; i < copy.length; i++) {
                copy[i] = (byte) random.nextInt(256);
            }
            return copy;
        }
    },
    /** Remove a range of bytes. */
    DELETE_RANGE {
        @Override
        byte[] apply(byte[] file, Random random) {
            int from = random.nextInt(file.length);
            int to = Math.min(file.length, from + 1 + random.nextInt(8));
            byte[] copy = new byte[file.length - (to - from)];
            System.arraycopy(file, 0, copy, 0, from);
            System.arraycopy(file, to, copy, from, file.length - to);
            return copy;
        }
    },
    /** Insert random bytes anywhere. */
    INSERT {
        @Override
        byte[] apply(byte[] file, Random random) {
            int at = random.nextInt(file.length + 1);
            int n = 1 + random.nextInt(8);
            byte[] copy = new byte[file.length + n];
            System.arraycopy(file, 0, copy, 0, at);
            for (int i = 0; i < n; i++) {
                copy[at + i] = (byte) random.nextInt(256);
            }
            System.arraycopy(file, at, copy, at + n, file.length - at);
            return copy;
        }
    },
    /** Overwrite a range with 0xFF (huge varints, sizes and lengths). */
    SATURATE {
        @Override
        byte[] apply(byte[] file, Random random) {
            byte[] copy = file.clone();
            int from = random.nextInt(copy.length);
            Arrays.fill(copy, from, Math.min(copy.length, from + 1 + random.nextInt(6)), (byte) 0xFF);
            return copy;
        }
    };

    abstract byte[] apply(byte[] file, Random random);

    /** Rewrites the last four bytes as the CRC32C of the rest, so damage reaches the deeper parsers. */
    static byte[] withValidChecksum(byte[] file) {
        if (file.length < 4) {
            return file;
        }
        CRC32C crc = new CRC32C();
        crc.update(file, 0, file.length - 4);
        int value = (int) crc.getValue();
        byte[] copy = file.clone();
        copy[copy.length - 4] = (byte) (value >>> 24);
        copy[copy.length - 3] = (byte) (value >>> 16);
        copy[copy.length - 2] = (byte) (value >>> 8);
        copy[copy.length - 1] = (byte) value;
        return copy;
    }
}

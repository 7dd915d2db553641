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
package dev.reprise.samples.tower;

/**
 * A small, stable 64-bit hash builder: each value is folded in with a multiply-rotate step and the
 * result is finished with the SplitMix64 mixer. Unlike {@code Object.hashCode} of collections it
 * depends only on the values and their order.
 */
final class StateHasher {

    private static final long MULTIPLIER = 0x9E3779B97F4A7C15L;

    private long hash = 0x2545F4914F6CDD1DL;

    StateHasher add(long value) {
        hash = Long.rotateLeft((hash ^ value) * MULTIPLIER, 27);
        return this;
    }

    StateHasher add(int[] values) {
        add(values.length);
        for (int value : values) {
            add(value);
        }
        return this;
    }

    StateHasher add(char[] values) {
        add(values.length);
        for (char value : values) {
            add(value);
        }
        return this;
    }

    long hash() {
        long z = hash;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}

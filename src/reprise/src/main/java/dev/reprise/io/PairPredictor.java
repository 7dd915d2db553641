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

/**
 * Predicts the coordinate pair that opens a step (a teleport's {@code x, y}) from where the hero
 * should be: the last pair that opened a step with the same key, moved one tile by every direction
 * step ({@code ReplayCode} UP, RIGHT, DOWN, LEFT: y - 1, x + 1, y + 1, x - 1) since. Players teleport
 * next to what they then walk into, and the route records a teleport onto the tile they were stopped
 * at, so the PAIRS stream stores the difference from this prediction, per nibble mod 16, and most
 * differences are small or zero.
 *
 * <p>Only the same key's pairs set the position, so that the decoder, which rebuilds params grouped
 * by key (all steps of one key in route order, keys ascending), knows every pair the prediction
 * needs when it needs it. The direction steps are known before any param (their codes come from the
 * TOKENS stream). Memory: one byte per step. Not thread-safe.
 */
final class PairPredictor {

    /** Direction moves before step i, as (x mod 16) &lt;&lt; 4 | (y mod 16). */
    private final byte[] moved;
    private final int[] lastStep;
    private final int[] lastPair;

    /**
     * @param keys         every step's key (0..3: the directions)
     * @param distinctKeys the number of keys
     */
    PairPredictor(int[] keys, int distinctKeys) {
        this(keys, keys.length, distinctKeys, new byte[keys.length + 1]);
    }

    /**
     * @param keys         the keys of steps {@code 0 .. steps)} (0..3: the directions)
     * @param distinctKeys the number of keys
     * @param moved        at least {@code steps + 1} bytes to work in (their content does not matter)
     */
    PairPredictor(int[] keys, int steps, int distinctKeys, byte[] moved) {
        this.moved = moved;
        moved[0] = 0;
        int at = 0;
        for (int i = 0; i < steps; i++) {
            switch (keys[i]) {
                case 0 -> at = add(at, 0x0F);  // UP: y - 1
                case 1 -> at = add(at, 0x10);  // RIGHT: x + 1
                case 2 -> at = add(at, 0x01);  // DOWN: y + 1
                case 3 -> at = add(at, 0xF0);  // LEFT: x - 1
                default -> {
                }
            }
            moved[i + 1] = (byte) at;
        }
        lastStep = new int[distinctKeys];
        lastPair = new int[distinctKeys];
        java.util.Arrays.fill(lastStep, -1);
    }

    /** The predicted first pair of {@code step} (of key {@code key}), as {@code x << 4 | y}. */
    int predicted(int key, int step) {
        int from = lastStep[key] + 1;
        return add(lastPair[key], subtract(moved[step] & 0xFF, moved[from] & 0xFF));
    }

    /** Records the first pair of {@code step}; steps of one key come in route order. */
    void seen(int key, int step, int pair) {
        lastStep[key] = step;
        lastPair[key] = pair;
    }

    /** Nibble-wise sum mod 16 of two pairs. */
    static int add(int a, int b) {
        return ((a >>> 4) + (b >>> 4) & 15) << 4 | (a + b) & 15;
    }

    /** Nibble-wise difference mod 16 of two pairs. */
    static int subtract(int a, int b) {
        return ((a >>> 4) - (b >>> 4) & 15) << 4 | (a - b) & 15;
    }
}

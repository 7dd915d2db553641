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

import java.util.ArrayList;
import java.util.List;

/**
 * {@code LZString.decompressFromBase64} (lz-string 1.4), which the old mota-js engine used to store
 * routes: test-only, to recover the numbers the legacy text stored for items and equipment.
 */
final class LzString {

    private static final String BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";

    private final String input;
    private int value;
    private int position = 32;
    private int index = 1;

    private LzString(String input) {
        this.input = input;
        this.value = valueAt(0);
    }

    static String decompressFromBase64(String input) {
        if (input.isEmpty()) {
            throw new IllegalArgumentException("empty input");
        }
        return new LzString(input).decompress();
    }

    private int valueAt(int i) {
        int v = BASE64.indexOf(input.charAt(i));
        if (v < 0) {
            throw new IllegalArgumentException("not Base64: '" + input.charAt(i) + "' at " + i);
        }
        return v;
    }

    private int bits(int count) {
        int bits = 0;
        for (int power = 1; power != 1 << count; power <<= 1) {
            int bit = value & position;
            position >>= 1;
            if (position == 0) {
                position = 32;
                value = index < input.length() ? valueAt(index) : 0;
                index++;
            }
            bits |= (bit > 0 ? 1 : 0) * power;
        }
        return bits;
    }

    private String decompress() {
        List<String> dictionary = new ArrayList<>(List.of("0", "1", "2"));
        int enlargeIn = 4;
        int numBits = 3;
        StringBuilder result = new StringBuilder();
        String c;
        switch (bits(2)) {
            case 0 -> c = String.valueOf((char) bits(8));
            case 1 -> c = String.valueOf((char) bits(16));
            default -> {
                return "";
            }
        }
        dictionary.add(c);
        String w = c;
        result.append(c);
        while (true) {
            if (index > input.length()) {
                throw new IllegalArgumentException("LZString input ends without an end marker");
            }
            int code = bits(numBits);
            if (code == 0 || code == 1) {
                dictionary.add(String.valueOf((char) bits(code == 0 ? 8 : 16)));
                code = dictionary.size() - 1;
                if (--enlargeIn == 0) {
                    enlargeIn = 1 << numBits++;
                }
            } else if (code == 2) {
                return result.toString();
            }
            String entry;
            if (code < dictionary.size()) {
                entry = dictionary.get(code);
            } else if (code == dictionary.size()) {
                entry = w + w.charAt(0);
            } else {
                throw new IllegalArgumentException("LZString code " + code + " is not in the dictionary");
            }
            result.append(entry);
            dictionary.add(w + entry.charAt(0));
            w = entry;
            if (--enlargeIn == 0) {
                enlargeIn = 1 << numBits++;
            }
        }
    }
}

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
 * A table of 2^bits {@code int}s, all 0 at first, whose pages of {@link #PAGE_SIZE} are allocated
 * when first used. A hashed context table is sized for the worst case (every context distinct) but
 * most transforms meet far fewer contexts, and a corrupt body is refused after a few bytes: neither
 * should pay for the whole table. {@link #reset(int)} makes it all 0 again for the next coding,
 * keeping its pages: each is cleared when that coding first uses it. Not thread-safe.
 */
final class PagedTable {

    static final int PAGE_BITS = 12;
    static final int PAGE_SIZE = 1 << PAGE_BITS;
    static final int PAGE_MASK = PAGE_SIZE - 1;

    private int[][] pages = new int[0][];
    /** The coding that last cleared each page. */
    private int[] cleared = new int[0];
    private int epoch;

    /** An empty table: {@link #reset(int)} sizes it. */
    PagedTable() {
    }

    /** Makes every entry 0 and the table at least 2^bits entries long (bits at least {@link #PAGE_BITS}). */
    void reset(int bits) {
        int n = 1 << Math.max(0, bits - PAGE_BITS);
        if (pages.length < n) {
            pages = java.util.Arrays.copyOf(pages, n);
            cleared = java.util.Arrays.copyOf(cleared, n);
        }
        if (++epoch == 0) {
            java.util.Arrays.fill(cleared, 0);
            epoch = 1;
        }
    }

    /** The page holding {@code index} (index within it: {@code index & PAGE_MASK}), allocated if new. */
    int[] page(int index) {
        int k = index >>> PAGE_BITS;
        int[] page = pages[k];
        if (page == null) {
            pages[k] = page = new int[PAGE_SIZE];
            cleared[k] = epoch;
        } else if (cleared[k] != epoch) {
            java.util.Arrays.fill(page, 0);
            cleared[k] = epoch;
        }
        return page;
    }
}

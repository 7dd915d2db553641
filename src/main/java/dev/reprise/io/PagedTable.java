package dev.reprise.io;

/**
 * A table of 2^bits {@code int}s, all 0 at first, whose pages of {@link #PAGE_SIZE} are allocated
 * when first used. A hashed context table is sized for the worst case (every context distinct) but
 * most transforms meet far fewer contexts, and a corrupt body is refused after a few bytes: neither
 * should pay for the whole table. Not thread-safe.
 */
final class PagedTable {

    static final int PAGE_BITS = 12;
    static final int PAGE_SIZE = 1 << PAGE_BITS;
    static final int PAGE_MASK = PAGE_SIZE - 1;

    private final int[][] pages;

    /** @param bits log2 of the table's size, at least {@link #PAGE_BITS} */
    PagedTable(int bits) {
        pages = new int[1 << Math.max(0, bits - PAGE_BITS)][];
    }

    /** The page holding {@code index} (index within it: {@code index & PAGE_MASK}), allocated if new. */
    int[] page(int index) {
        int k = index >>> PAGE_BITS;
        int[] page = pages[k];
        if (page == null) {
            pages[k] = page = new int[PAGE_SIZE];
        }
        return page;
    }
}

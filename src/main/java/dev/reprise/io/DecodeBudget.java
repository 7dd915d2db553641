package dev.reprise.io;

import java.io.InterruptedIOException;

/**
 * The heap that decoding replay files may use at once, process-wide: a quarter of the maximum heap
 * (at least 16 MiB). Each read reserves its working memory (its input, the model tables, the
 * inflated transform, the rebuilt route and the decoder's per-step arrays), worked out from the
 * sizes its header declares before anything large is allocated, and gives it back when it is done.
 * A read that does not fit waits until earlier ones finish, so any number of concurrent reads of
 * any files run in bounded memory instead of running out of it; a read larger than the whole
 * budget runs alone. What a read returns is the caller's and is not counted.
 *
 * <p>Waiting is interruptible: an interrupted reader gives up with an {@link InterruptedIOException}
 * (the interrupt flag stays set). Thread-safe.
 */
final class DecodeBudget {

    /** The process-wide budget. */
    static final DecodeBudget SHARED = new DecodeBudget(Math.max(16L << 20, Runtime.getRuntime().maxMemory() / 4));

    private final long capacity;
    private long used;

    DecodeBudget(long capacity) {
        this.capacity = capacity;
    }

    /** The most bytes reserved at once. */
    long capacity() {
        return capacity;
    }

    /**
     * Reserves {@code bytes} (at most the whole budget), waiting while other reads hold too much.
     *
     * @return the bytes reserved, to pass to {@link #release(long)}
     * @throws InterruptedIOException if the thread is interrupted while waiting
     */
    synchronized long reserve(long bytes) throws InterruptedIOException {
        long amount = Math.max(0, Math.min(bytes, capacity));
        while (used + amount > capacity) {
            try {
                wait();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("Interrupted while waiting for memory to decode a replay file");
            }
        }
        used += amount;
        return amount;
    }

    /** Gives back what {@link #reserve(long)} returned. */
    synchronized void release(long amount) {
        used -= amount;
        notifyAll();
    }

    /**
     * The working memory of decoding a file of these declared sizes, in bytes (an upper estimate).
     *
     * @param fileBytes      the whole file's size (its buffer)
     * @param inflatedLength the column transform's length, 0 for an uncompressed body
     * @param modelled       whether the body is range-coded (model tables)
     */
    static long estimate(long fileBytes, int steps, int entrySize, int paramBytes, int inflatedLength,
                         boolean modelled) {
        long route = (long) steps * entrySize + paramBytes;
        long work = fileBytes + route + 64 * 1024;
        if (inflatedLength > 0) {
            // The transform, the column decoder's per-step arrays (keys; with params also order,
            // starts, lengths and positions) and its grouped copy of the params.
            work += inflatedLength + (paramBytes == 0 ? 4L : 17L) * steps + paramBytes;
            if (modelled) {
                work += ModeledBody.tableBytes(inflatedLength);
            }
        }
        return work;
    }
}

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

import dev.reprise.route.ReplayCapacityException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The heap that reading replay files may use at once, process-wide: a quarter of the maximum heap
 * (at least 16 MiB). Each read reserves every byte it holds before it allocates it: a stream or
 * path read its input buffer, every read its working memory (the model tables, the inflated
 * transform, the header's strings, the rebuilt route and the decoder's per-step arrays), worked
 * out from the sizes its header declares. It gives the bytes back when it is done. What a read
 * returns is the caller's and is not counted; nor are the model tables and scratch arrays that
 * {@link SoftPool} keeps between reads (a read reserves them while it uses them, and idle ones are
 * softly held, so the garbage collector takes them back before memory runs out).
 *
 * <p>A read that does not fit waits, first come first served, until earlier ones finish, so any
 * number of concurrent reads run in bounded memory instead of running out of it. A read larger
 * than the whole budget runs alone: it is let in when no other read holds memory, or when every
 * read that holds some is itself waiting (with only the first bytes of its stream). A read waits at
 * most its reader's {@link ReplayFileReader#memoryWait()} in all (over every growth of its
 * reservation), then fails with a {@link ReplayCapacityException} saying how much it needed and
 * how much others held. Waiting is interruptible: an interrupted reader gives up with an
 * {@link InterruptedIOException} (the interrupt flag stays set). Thread-safe.
 */
final class DecodeBudget {

    /** The process-wide budget. */
    static final DecodeBudget SHARED = new DecodeBudget(Math.max(16L << 20, Runtime.getRuntime().maxMemory() / 4));

    /** The memory of the header's strings and maps per byte of the header (an upper estimate). */
    private static final int HEADER_OBJECT_BYTES = 64;

    private final long capacity;
    /** Reads waiting for memory, in the order they asked; only the first is let in. */
    private final ArrayDeque<Reservation> queue = new ArrayDeque<>();
    private long used;
    /** What the reads in {@link #queue} hold already (from an earlier, smaller reservation). */
    private long heldByWaiters;

    DecodeBudget(long capacity) {
        this.capacity = capacity;
    }

    /** The most bytes reserved at once (but see the class comment on reads larger than this). */
    long capacity() {
        return capacity;
    }

    /** The bytes reserved now, by all reads. */
    synchronized long used() {
        return used;
    }

    /** The reads waiting for memory now. */
    synchronized int waiting() {
        return queue.size();
    }

    /**
     * Opens a reservation holding nothing yet, to grow with {@link Reservation#atLeast(long)}.
     *
     * @param wait the longest a growth may wait for memory
     */
    Reservation open(Duration wait) {
        return new Reservation(wait);
    }

    /**
     * Reserves {@code bytes} at once (at most the whole budget), waiting while other reads hold too
     * much.
     *
     * @param wait the longest to wait
     * @return the reservation, to close when the memory is free again
     * @throws ReplayCapacityException if the bytes are not free within {@code wait}
     * @throws InterruptedIOException  if the thread is interrupted while waiting
     */
    Reservation reserve(long bytes, Duration wait) throws InterruptedIOException {
        Reservation reservation = open(wait);
        reservation.atLeast(bytes);
        return reservation;
    }

    private synchronized void grow(Reservation reservation, long total) throws InterruptedIOException {
        long amount = Math.min(total, capacity);
        long before = reservation.held;
        if (amount <= before) {
            return;
        }
        long waitNanos = reservation.waitNanos;
        long began = System.nanoTime();
        long deadline = began + (waitNanos - reservation.waitedNanos);
        queue.addLast(reservation);
        heldByWaiters += before;
        if (before > 0) {
            // The first waiter may be let in once every read holding memory waits.
            notifyAll();
        }
        try {
            while (queue.peekFirst() != reservation || !fits(before, amount)) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new ReplayCapacityException(String.format(Locale.ROOT, "No memory to read a replay file "
                            + "within %s: the read needs %,d bytes of the shared budget of %,d bytes (a quarter "
                            + "of the heap) and other reads hold %,d; read fewer files at once, wait longer "
                            + "(ReplayFileReader.Builder.memoryWait) or give the JVM more heap",
                            Duration.ofNanos(waitNanos), amount, capacity, used - before));
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(this, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("Interrupted while waiting for memory to read a replay file");
                }
            }
            used += amount - before;
            reservation.held = amount;
        } finally {
            reservation.waitedNanos += System.nanoTime() - began;
            queue.remove(reservation);
            heldByWaiters -= before;
            notifyAll();
        }
    }

    /**
     * Whether the first waiter may grow from {@code before} to {@code amount}: it fits beside what
     * the others hold, or every other byte held is held by reads that are waiting too (none of them
     * will give memory back before this one is let in).
     */
    private boolean fits(long before, long amount) {
        long others = used - before;
        return others + amount <= capacity || others == heldByWaiters - before;
    }

    private synchronized void release(Reservation reservation) {
        used -= reservation.held;
        reservation.held = 0;
        notifyAll();
    }

    /**
     * The working memory of decoding a file of these declared sizes, in bytes (an upper estimate).
     *
     * @param fileBytes      the whole file's size if the read holds it (its buffer), else 0
     * @param headerBytes    the bytes of the header's strings and sections (game id to dictionary)
     * @param inflatedLength the column transform's length, 0 for an uncompressed body
     * @param modelled       whether the body is range-coded (model tables)
     */
    static long estimate(long fileBytes, int headerBytes, int steps, int entrySize, int paramBytes,
                         int inflatedLength, boolean modelled) {
        long route = (long) steps * entrySize + paramBytes;
        long work = fileBytes + (long) HEADER_OBJECT_BYTES * headerBytes + route + 64 * 1024;
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

    /**
     * One read's hold on the budget: grows as the read learns what it needs, and gives everything
     * back when closed. Used by one thread.
     */
    final class Reservation implements AutoCloseable {

        private final long waitNanos;
        /** Guarded by the budget's lock. */
        private long held;
        /** How long this read has waited, over all its growths (the wait bounds the sum); guarded by the budget's lock. */
        private long waitedNanos;

        private Reservation(Duration wait) {
            this.waitNanos = wait.compareTo(Duration.ofDays(1)) > 0 ? TimeUnit.DAYS.toNanos(1) : wait.toNanos();
        }

        /**
         * Makes sure this read holds at least {@code total} bytes (at most the whole budget),
         * waiting for them if need be (what is left of the read's wait); never gives any back.
         *
         * @throws ReplayCapacityException if the bytes are not free within the reader's wait
         * @throws InterruptedIOException  if the thread is interrupted while waiting
         */
        void atLeast(long total) throws InterruptedIOException {
            grow(this, total);
        }

        /** Gives back everything this read holds. */
        @Override
        public void close() {
            release(this);
        }
    }
}

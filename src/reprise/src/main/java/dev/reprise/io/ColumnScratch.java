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
 * The per-step scratch arrays of one {@link ColumnCodec#decode column decode}, reused from read to
 * read through a {@link SoftPool}: they took 17 bytes a step beside the route itself (the keys, the
 * grouping order, each step's param span, the pair positions), several times the route's raw bytes.
 * Each array is at least as long as asked and holds garbage past what the current decode wrote;
 * {@link #seen} alone is all {@code false} between decodes. Not thread-safe.
 */
final class ColumnScratch {

    private static final SoftPool<ColumnScratch> POOL = new SoftPool<>(ColumnScratch::new);

    int[] keys = new int[0];
    int[] order = new int[0];
    int[] start = new int[0];
    int[] length = new int[0];
    byte[] moved = new byte[0];
    byte[] grouped = new byte[0];
    /** Codes met in the code table; the decode clears what it set. */
    final boolean[] seen = new boolean[0x10000];

    private ColumnScratch() {
    }

    /** A scratch whose step arrays hold {@code steps} steps and whose {@link #grouped} holds {@code paramBytes}. */
    static ColumnScratch borrow(int steps, int paramBytes) {
        ColumnScratch scratch = POOL.borrow();
        if (scratch.keys.length < steps) {
            scratch.keys = new int[steps];
            scratch.order = new int[steps];
            scratch.start = new int[steps];
            scratch.length = new int[steps];
            scratch.moved = new byte[steps + 1];
        }
        if (scratch.grouped.length < paramBytes) {
            scratch.grouped = new byte[paramBytes];
        }
        return scratch;
    }

    /** Gives the scratch back to the pool; it must not be used after. */
    void release() {
        POOL.release(this);
    }
}

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

import java.lang.ref.SoftReference;
import java.util.ArrayDeque;
import java.util.function.Supplier;

/**
 * A small pool of reusable working objects (a decoder's tables and scratch arrays), so that a warm
 * read of a short replay allocates little more than what it returns. The pool holds at most
 * {@link #CAPACITY} idle objects, and holds them softly: under memory pressure the garbage collector
 * takes them back before it would run out of memory, so idle memory never adds to what the
 * {@link DecodeBudget} bounds. A borrowed object is its borrower's alone until given back.
 * Thread-safe.
 *
 * @param <T> what is pooled
 */
final class SoftPool<T> {

    /** The most idle objects kept: a few per core is what concurrent reads can use at once. */
    static final int CAPACITY = 4;

    private final ArrayDeque<SoftReference<T>> idle = new ArrayDeque<>();
    private final Supplier<T> factory;

    /** @param factory makes a new object when no idle one is left */
    SoftPool(Supplier<T> factory) {
        this.factory = factory;
    }

    /** An idle object (the one given back last), else a new one. */
    T borrow() {
        synchronized (idle) {
            SoftReference<T> held;
            while ((held = idle.pollFirst()) != null) {
                T object = held.get();
                if (object != null) {
                    return object;
                }
            }
        }
        return factory.get();
    }

    /** Gives {@code object} back (dropped if the pool is full); the caller must not use it after. */
    void release(T object) {
        synchronized (idle) {
            idle.removeIf(held -> held.get() == null);
            if (idle.size() < CAPACITY) {
                idle.addFirst(new SoftReference<>(object));
            }
        }
    }
}

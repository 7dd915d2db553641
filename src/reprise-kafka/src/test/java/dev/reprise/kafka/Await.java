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
package dev.reprise.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Bounded waits for a state that workers reach on threads of their own. */
final class Await {

    private static final long POLL_MILLIS = 5;

    private Await() {
    }

    /**
     * Waits until {@code condition} holds, checking every few milliseconds, and fails the test if it does
     * not hold within {@code timeout}.
     *
     * @param what what is awaited, for the failure message
     * @throws InterruptedException if interrupted while waiting
     */
    static void until(BooleanSupplier condition, Duration timeout, String what) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean() && System.nanoTime() - deadline < 0) {
            Thread.sleep(POLL_MILLIS);
        }
        assertThat(condition.getAsBoolean()).as("%s within %s", what, timeout).isTrue();
    }
}

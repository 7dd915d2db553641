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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.reprise.route.ReplayCapacityException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class DecodeBudgetTest {

    private static final Duration LONG = Duration.ofSeconds(30);
    private static final Duration AWAIT = Duration.ofSeconds(10);

    private final DecodeBudget budget = new DecodeBudget(100);
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() throws InterruptedException {
        threads.shutdownNow();
        assertThat(threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }

    /** Reserves {@code bytes} on another thread, which then holds them until {@code release} completes. */
    private Future<?> holdOnAnotherThread(long bytes, CompletableFuture<Void> release) {
        return threads.submit(() -> {
            try (DecodeBudget.Reservation held = budget.reserve(bytes, LONG)) {
                release.get(10, TimeUnit.SECONDS);
            }
            return null;
        });
    }

    @Test
    void reserve_thatFits_isGrantedAtOnce_andCloseGivesItBack() throws InterruptedIOException {
        try (DecodeBudget.Reservation a = budget.reserve(60, Duration.ZERO);
             DecodeBudget.Reservation b = budget.reserve(40, Duration.ZERO)) {
            assertThat(budget.used()).isEqualTo(100);
            b.atLeast(10);
            assertThat(budget.used()).as("atLeast never gives back").isEqualTo(100);
        }
        assertThat(budget.used()).isZero();
    }

    @Test
    void reserve_thatDoesNotFit_waitsUntilAnEarlierReadCloses() throws Exception {
        DecodeBudget.Reservation first = budget.reserve(70, Duration.ZERO);
        Future<Long> second = threads.submit(() -> {
            try (DecodeBudget.Reservation reservation = budget.reserve(50, LONG)) {
                return budget.used();
            }
        });
        await().atMost(AWAIT).until(() -> budget.waiting() == 1);
        assertThat(second).isNotDone();

        first.close();

        assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo(50);
        assertThat(budget.used()).isZero();
    }

    @Test
    void reserve_thatIsNotFreeWithinTheWait_isAReplayCapacityException_sayingHowMuch_andHoldsNothing()
            throws InterruptedIOException {
        try (DecodeBudget.Reservation other = budget.reserve(70, Duration.ZERO)) {
            DecodeBudget.Reservation growing = budget.reserve(10, Duration.ofMillis(50));

            assertThatThrownBy(() -> growing.atLeast(40)).isInstanceOf(ReplayCapacityException.class)
                    .hasMessageContaining("within PT0.05S").hasMessageContaining("needs 40 bytes")
                    .hasMessageContaining("budget of 100 bytes").hasMessageContaining("other reads hold 70");
            assertThat(budget.used()).as("what it held before stays held until it is closed").isEqualTo(80);
            assertThat(budget.waiting()).isZero();
            growing.close();
            assertThat(budget.used()).isEqualTo(70);
        }
    }

    @Test
    void theWait_boundsAllOfAReadsWaiting_notEachGrowth() throws InterruptedIOException {
        try (DecodeBudget.Reservation other = budget.reserve(90, Duration.ZERO);
             DecodeBudget.Reservation growing = budget.reserve(5, Duration.ofSeconds(2))) {
            assertThatThrownBy(() -> growing.atLeast(20)).isInstanceOf(ReplayCapacityException.class);

            long began = System.nanoTime();
            assertThatThrownBy(() -> growing.atLeast(20)).isInstanceOf(ReplayCapacityException.class);
            assertThat(Duration.ofNanos(System.nanoTime() - began)).as("nothing of the wait is left")
                    .isLessThan(Duration.ofMillis(1500));
        }
    }

    @Test
    void waiters_areLetInFirstComeFirstServed_aSmallOneNeverOvertakesALargeOne() throws Exception {
        DecodeBudget.Reservation running = budget.reserve(60, Duration.ZERO);
        CompletableFuture<Void> releaseLarge = new CompletableFuture<>();
        Future<?> large = holdOnAnotherThread(50, releaseLarge);
        await().atMost(AWAIT).until(() -> budget.waiting() == 1);
        Future<?> small = holdOnAnotherThread(30, new CompletableFuture<>());
        await().atMost(AWAIT).until(() -> budget.waiting() == 2);

        assertThat(budget.used()).as("30 would fit beside 60, but the large read asked first").isEqualTo(60);
        running.close();
        await().atMost(AWAIT).until(() -> budget.used() == 80 && budget.waiting() == 0);

        releaseLarge.complete(null);
        large.get(10, TimeUnit.SECONDS);
        small.cancel(true);
    }

    @Test
    void aReadLargerThanTheBudget_runsAlone_asSoonAsEveryReadHoldingMemoryWaits() throws Exception {
        // Two reads hold their first bytes and both need more than the whole budget: neither may wait
        // for the other to give back, so the first is let in beside the other's first bytes.
        DecodeBudget.Reservation first = budget.reserve(10, LONG);
        DecodeBudget.Reservation second = budget.reserve(10, LONG);
        Future<?> firstGrows = threads.submit(() -> {
            first.atLeast(1_000);
            return null;
        });
        await().atMost(AWAIT).until(() -> budget.waiting() == 1);
        assertThat(firstGrows).as("the second read holds memory and is not waiting").isNotDone();

        Future<?> secondGrows = threads.submit(() -> {
            second.atLeast(1_000);
            return null;
        });

        firstGrows.get(10, TimeUnit.SECONDS);
        assertThat(budget.used()).as("the first holds the whole budget, the second its first bytes").isEqualTo(110);
        assertThat(secondGrows).isNotDone();
        first.close();
        secondGrows.get(10, TimeUnit.SECONDS);
        assertThat(budget.used()).isEqualTo(100);
        second.close();
        assertThat(budget.used()).isZero();
    }

    @Test
    void anInterruptedWaiter_givesUp_keepsItsFlag_andLeavesTheQueue() throws Exception {
        DecodeBudget.Reservation running = budget.reserve(90, Duration.ZERO);
        Future<Boolean> waiter = threads.submit(() -> {
            try {
                budget.reserve(50, LONG);
                return false;
            } catch (InterruptedIOException e) {
                return Thread.currentThread().isInterrupted();
            }
        });
        await().atMost(AWAIT).until(() -> budget.waiting() == 1);

        waiter.cancel(true);

        await().atMost(AWAIT).until(() -> budget.waiting() == 0);
        try (DecodeBudget.Reservation next = budget.reserve(10, Duration.ZERO)) {
            assertThat(budget.used()).isEqualTo(100);
        }
        running.close();
    }

    @Test
    void theMemoryWait_isZeroOrMore_andSixtySecondsByDefault() {
        assertThat(ReplayFileReader.DEFAULT.memoryWait()).isEqualTo(Duration.ofSeconds(60));
        assertThat(ReplayFileReader.builder().memoryWait(Duration.ZERO).build().memoryWait()).isZero();
        assertThatThrownBy(() -> ReplayFileReader.builder().memoryWait(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("memoryWait");
    }
}

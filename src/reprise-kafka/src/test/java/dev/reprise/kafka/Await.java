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

package dev.reprise.shrink;

import java.util.concurrent.CountDownLatch;

/**
 * A check stuck as a game can be: {@link #block()} never returns, deaf to interrupts, until the test is over
 * and {@link #release()} lets the threads left in it end.
 */
final class StuckCheck {

    private final CountDownLatch over = new CountDownLatch(1);

    /** Blocks the calling thread, interrupted or not, until {@link #release()}. */
    void block() {
        boolean interrupted = false;
        while (over.getCount() > 0) {
            try {
                over.await();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Lets every thread blocked in {@link #block()} go on. */
    void release() {
        over.countDown();
    }
}

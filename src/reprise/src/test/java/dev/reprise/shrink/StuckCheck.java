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

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
package dev.reprise.viewer;

import org.jspecify.annotations.Nullable;
import org.reactivestreams.Subscription;
import reactor.core.publisher.BaseSubscriber;

/**
 * Drives a Flux by the page's credits: it requests one element at a time, and only while the page has
 * a credit left (each step message sent uses one), a seek needs fast-forwarded elements (which are not
 * sent) or nothing blocks it (an open dialog). So the source runs only as fast as the page renders, and
 * the server never holds more than one element the page has no credit for.
 *
 * <p>Credits arrive from the session's worker, elements on the source's thread: the counters are
 * guarded by this object's lock, and {@code request} is always called outside it.
 *
 * @param <T> the element type
 */
abstract class CreditPump<T> extends BaseSubscriber<T> {

    private final Outbox outbox;
    private final ViewerSession session;
    private final int maxCredits;
    private long credits;
    private boolean inFlight;
    private boolean blocked;
    private int seeking;
    private @Nullable String held;
    private long sent;

    CreditPump(ViewerSession session, int maxCredits) {
        this.session = session;
        this.outbox = session.outbox();
        this.maxCredits = maxCredits;
    }

    /**
     * Adds credits granted by the page.
     *
     * @param n the page's grant
     * @return {@code false} if the grant took the page's credits past the most allowed (they are capped)
     */
    final boolean grant(long n) {
        boolean withinCap;
        String release = null;
        synchronized (this) {
            long total = credits + n;
            withinCap = total <= maxCredits;
            credits = Math.min(total, maxCredits);
            if (held != null && credits > 0) {
                release = held;
                held = null;
                credits--;
                sent++;
            }
        }
        if (release != null) {
            send(release);
        }
        pull();
        return withinCap;
    }

    /** Sends a step message against a credit, or holds it (at most one) until the next grant. */
    final void sendStep(String message) {
        synchronized (this) {
            if (credits == 0) {
                held = message;
                return;
            }
            credits--;
            sent++;
        }
        send(message);
    }

    private void send(String message) {
        session.stepSent();
        outbox.send(message);
    }

    /** Stops or resumes pulling while something (a dialog) must happen first. */
    final void block(boolean value) {
        synchronized (this) {
            blocked = value;
        }
        if (!value) {
            pull();
        }
    }

    /** Counts a seek in progress: its fast-forwarded elements are pulled whatever the credits. */
    final void seeking(boolean started) {
        synchronized (this) {
            seeking += started ? 1 : -1;
        }
        pull();
    }

    /** @return whether a seek is in progress */
    final synchronized boolean isSeeking() {
        return seeking > 0;
    }

    /** @return the step messages sent so far */
    final synchronized long sent() {
        return sent;
    }

    /** @return the credits the page has left */
    final synchronized long credits() {
        return credits;
    }

    /** Requests the next element if allowed and none is in flight. */
    final void pull() {
        synchronized (this) {
            if (inFlight || blocked || held != null || isDisposed() || (seeking == 0 && credits == 0)) {
                return;
            }
            inFlight = true;
        }
        request(1);
    }

    @Override
    protected final void hookOnSubscribe(Subscription subscription) {
        pull();
    }

    @Override
    protected final void hookOnNext(T value) {
        synchronized (this) {
            inFlight = false;
        }
        onElement(value);
        pull();
    }

    /**
     * Handles one element on the source's thread: sends it with {@link #sendStep}, or not.
     *
     * @param value the element
     */
    protected abstract void onElement(T value);
}

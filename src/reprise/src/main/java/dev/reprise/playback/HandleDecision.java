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
package dev.reprise.playback;

/**
 * What the drain does next with one passive handle of the group in flight, worked out from what it sees of
 * the handle and its group: a pure function, so that every case has a row in a table of tests. The drain
 * then acts on it, and the atomic steps it takes ({@link PassiveStep#takeForApply()}, {@link PassiveStep#skip()},
 * {@link PassiveStep#cutOff()}) may still lose to an answer that comes meanwhile: that answer then counts.
 */
enum HandleDecision {

    /** Its answer is in: take its result into account. */
    SETTLE,
    /** A UI answered {@code SUCCESS} through {@link PassiveAnswers}: apply it now, on the game's thread. */
    APPLY_ANSWER,
    /** Nobody claimed it and its command applies recorded answers: apply that answer once the grace is over. */
    APPLY_RECORDED,
    /**
     * Nobody answered it in time: skip it (or, on a stop, cut off a UI's answer still in flight) once the
     * grace is over.
     */
    ABANDON,
    /** Nothing to do until the next event. */
    WAIT;

    /**
     * Decides for one handle.
     *
     * @param settled        whether the handle has its result
     * @param earlierPending whether a handle before it in the group is still pending: answers are taken in
     *                       route order
     * @param uiAnswered     whether a UI answered {@code SUCCESS} and playback has to apply it
     *                       ({@link PassiveStep#awaitsApply()})
     * @param applies        whether its command applies recorded answers ({@link PassiveStep#appliesAnswers()})
     * @param unclaimed      whether nobody claimed or answered it ({@link PassiveStep#unclaimed()})
     * @param awaited        whether the active command took it and waits on it, the dialog pattern
     *                       ({@link PassiveStep#awaitedByCommand()})
     * @param activeIn       whether the group's active step has its result
     * @param emitted        whether the subscriber was handed it
     * @param stopping       whether playback is stopping (a stop, a cancel, the clock ran out)
     * @param mayTouchGame   whether this drain may call the game (always without runOn, else on its worker)
     * @return what to do
     */
    static HandleDecision decide(boolean settled, boolean earlierPending, boolean uiAnswered, boolean applies,
                                 boolean unclaimed, boolean awaited, boolean activeIn, boolean emitted,
                                 boolean stopping, boolean mayTouchGame) {
        if (settled) {
            return SETTLE;
        }
        if (earlierPending) {
            return WAIT;
        }
        // An answer changes the game only once the active step it answers has completed, never while the
        // active command still runs (it may still be changing the game, on another thread) — unless that
        // command waits on this very step (the dialog pattern): then only the answer lets it end.
        boolean mayApply = (activeIn || awaited) && mayTouchGame;
        if (uiAnswered && mayApply) {
            return APPLY_ANSWER;
        }
        // A stop gives up every handle still pending, even one the active command waits on (the dialog
        // pattern), after the grace; otherwise a handle waits for its active step's result first (or for
        // nobody to claim it while the active command waits on it).
        boolean due = stopping || (emitted && (activeIn || (applies && awaited)));
        // Nobody claimed it and its command applies the answer: it waits until it may be applied, never
        // given up for that wait (a claimed one may still be cut off by a stop meanwhile: that touches no game).
        boolean waitsToApply = applies && !mayApply && unclaimed;
        if (!due || waitsToApply) {
            return WAIT;
        }
        // A claimed handle stays claimed: only its claimer answers it, or a stop cuts it off.
        return applies && mayApply && unclaimed ? APPLY_RECORDED : ABANDON;
    }
}

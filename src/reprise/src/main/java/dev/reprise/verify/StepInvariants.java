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
package dev.reprise.verify;

import dev.reprise.ReplaySystem;
import dev.reprise.internal.answer.AnswerCheck;
import dev.reprise.route.ReplayStep;
import java.util.List;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * A verifier's invariants checked after every step of one replay, where a {@code ReplayCheck} checks them: after an
 * active step once its command's result is in, and after a passive step once its recorded answer was
 * applied (the engine applies answers on the playing thread, between the steps of a group, so the answer
 * that broke an invariant is the one named). The first breach is kept, and the caller stops playback.
 * Used from the playing thread only, one replay at a time.
 */
final class StepInvariants {

    private final List<ReplayVerifier.Invariant> invariants;
    private final Supplier<VerifiableGame> game;
    private final Runnable stop;
    private volatile @Nullable Breach breach;

    /** What broke, and after which step. */
    record Breach(int step, String reason) {
    }

    StepInvariants(List<ReplayVerifier.Invariant> invariants, Supplier<VerifiableGame> game, Runnable stop) {
        this.invariants = invariants;
        this.game = game;
        this.stop = stop;
    }

    /** The first breach found after a step, or null. */
    @Nullable
    Breach breach() {
        return breach;
    }

    /**
     * Makes each passive command of {@code system} that applies recorded answers check the invariants after
     * it applied one.
     */
    void checkAfterEachAnswer(ReplaySystem system) {
        AnswerCheck.afterEachAnswer(system, this::after);
    }

    /** Checks the invariants after {@code step} settled; the first that fails is kept and playback stopped. */
    void after(ReplayStep step) {
        if (breach != null) {
            return;
        }
        String broken = firstBroken(invariants, game.get());
        if (broken != null) {
            breach = new Breach(step.index(), broken + " after step " + step.index());
            stop.run();
        }
    }

    /**
     * Returns how the first invariant that does not hold in {@code game} broke, e.g.
     * {@code invariant "x" broke}, or null if all hold.
     */
    static @Nullable String firstBroken(List<ReplayVerifier.Invariant> invariants, VerifiableGame game) {
        for (ReplayVerifier.Invariant invariant : invariants) {
            String how;
            try {
                how = invariant.holds().test(game) ? null : "broke";
            } catch (RuntimeException e) {
                how = "threw " + Verification.describe(e);
            }
            if (how != null) {
                return "invariant \"" + invariant.name() + "\" " + how;
            }
        }
        return null;
    }
}

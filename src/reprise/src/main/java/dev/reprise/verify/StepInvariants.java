package dev.reprise.verify;

import dev.reprise.ReplaySystem;
import dev.reprise.command.PlaybackContext;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.command.ReplayCommandType;
import dev.reprise.route.ReplayStep;
import java.util.List;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * A verifier's invariants checked after every step of one replay, where the test kit checks them: after an
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
        for (int code : system.commandDictionary().asMap().keySet()) {
            ReplayCommand command = system.command(code).orElse(null);
            if (command != null && command.type() == ReplayCommandType.PASSIVE && command.appliesAnswers()) {
                system.replaceCommand(code, new AnswerCheck(command));
            }
        }
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

    /** A passive command that applies its recorded answer, then checks the invariants. */
    private final class AnswerCheck implements ReplayCommand {
        private final ReplayCommand applies;

        AnswerCheck(ReplayCommand applies) {
            this.applies = applies;
        }

        @Override
        public ReplayCommandType type() {
            return ReplayCommandType.PASSIVE;
        }

        @Override
        public Mono<ReplayCommandResult> execute(ReplayStep step, PlaybackContext context) {
            return applies.execute(step, context);
        }

        @Override
        public Mono<ReplayCommandResult> finalizeRun(PlaybackContext context) {
            return applies.finalizeRun(context);
        }

        @Override
        public boolean appliesAnswers() {
            return true;
        }

        @Override
        public void applyAnswer(ReplayStep step) {
            applies.applyAnswer(step);
            after(step);
        }
    }
}

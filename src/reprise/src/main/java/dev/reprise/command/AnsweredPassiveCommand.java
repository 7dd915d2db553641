package dev.reprise.command;

import dev.reprise.route.ReplayStep;
import java.util.Objects;
import java.util.function.Consumer;
import reactor.core.publisher.Mono;

/** A passive command that applies recorded answers: {@link ReplayCommand#passive(Consumer)}. */
final class AnsweredPassiveCommand implements ReplayCommand {

    private final Consumer<? super ReplayStep> apply;

    AnsweredPassiveCommand(Consumer<? super ReplayStep> apply) {
        this.apply = Objects.requireNonNull(apply, "apply");
    }

    @Override
    public ReplayCommandType type() {
        return ReplayCommandType.PASSIVE;
    }

    @Override
    public Mono<ReplayCommandResult> execute(ReplayStep step, PlaybackContext context) {
        return PassiveCommand.INSTANCE.execute(step, context);
    }

    @Override
    public boolean appliesAnswers() {
        return true;
    }

    @Override
    public void applyAnswer(ReplayStep step) {
        apply.accept(step);
    }

    @Override
    public String toString() {
        return "ReplayCommand.passive(apply)";
    }
}

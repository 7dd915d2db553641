package dev.reprise.command;

import dev.reprise.route.ReplayStep;
import reactor.core.publisher.Mono;

/** The passive marker returned by {@link ReplayCommand#passive()}. */
enum PassiveCommand implements ReplayCommand {
    INSTANCE;

    @Override
    public ReplayCommandType type() {
        return ReplayCommandType.PASSIVE;
    }

    @Override
    public Mono<ReplayCommandResult> execute(ReplayStep step, PlaybackContext context) {
        // The sandbox never executes a passive step; reaching this is a caller's mistake.
        return Mono.error(new UnsupportedOperationException("Passive step " + step.index() + " (code "
                + step.code() + ") is never executed: complete its PassiveStep handle instead"));
    }

    @Override
    public String toString() {
        return "ReplayCommand.passive";
    }
}

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
package dev.reprise.internal.answer;

import dev.reprise.ReplaySystem;
import dev.reprise.command.PlaybackContext;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.command.ReplayCommandType;
import dev.reprise.route.ReplayStep;
import java.util.Objects;
import java.util.function.Consumer;
import reactor.core.publisher.Mono;

/**
 * A passive command that applies its recorded answer, then tells a listener: how the checks run after
 * every step (a verifier's invariants, a {@code ReplayCheck}'s) see a passive step. The engine applies
 * answers on the playing thread, between the steps of a group, so the answer that broke an invariant is
 * the one named, not its group's active step. Everything else is the wrapped command's.
 *
 * <p>Internal to the core (shared by {@code dev.reprise.verify} and {@code dev.reprise.shrink}), not
 * exported. The listener is called on the playing thread; it may be replaced while nothing plays.
 */
public final class AnswerCheck implements ReplayCommand {

    private final ReplayCommand applies;
    private volatile Consumer<? super ReplayStep> after;

    private AnswerCheck(ReplayCommand applies, Consumer<? super ReplayStep> after) {
        this.applies = applies;
        this.after = after;
    }

    /**
     * Makes each passive command of {@code system} that applies recorded answers tell {@code after} once it
     * applied one. A command wrapped before (a game played again) tells {@code after} instead of its former
     * listener: it is wrapped once.
     *
     * @param system the game's system, its commands registered
     * @param after  told of each passive step once its answer was applied, on the playing thread
     */
    public static void afterEachAnswer(ReplaySystem system, Consumer<? super ReplayStep> after) {
        Objects.requireNonNull(after, "after");
        for (int code : system.commandDictionary().asMap().keySet()) {
            ReplayCommand command = system.command(code).orElse(null);
            if (command instanceof AnswerCheck check) {
                check.after = after;
            } else if (command != null && command.type() == ReplayCommandType.PASSIVE && command.appliesAnswers()) {
                system.replaceCommand(code, new AnswerCheck(command, after));
            }
        }
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
        after.accept(step);
    }
}

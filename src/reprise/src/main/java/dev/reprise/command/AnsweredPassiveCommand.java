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

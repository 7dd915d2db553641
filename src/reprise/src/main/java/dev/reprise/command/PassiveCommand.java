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

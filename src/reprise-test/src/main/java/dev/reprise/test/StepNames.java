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
package dev.reprise.test;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommandType;
import dev.reprise.playback.ActiveStep;
import dev.reprise.playback.PlaybackStep;
import java.util.Map;

/** Names codes and steps the way the kit's failure messages spell them: {@code active step 3 RIGHT (code 1)}. */
final class StepNames {

    private final Map<Integer, String> names;

    StepNames(ReplaySystem system) {
        this.names = system.commandDictionary().asMap();
    }

    /** @return e.g. {@code RIGHT (code 1)}, or {@code code 42 (no command)} for an unregistered code */
    String code(int code) {
        String name = names.get(code);
        return name == null ? "code " + code + " (no command)" : name + " (code " + code + ")";
    }

    /** @return e.g. {@code passive step 4 CHOICE (code 9)} */
    String step(PlaybackStep step) {
        return (step instanceof ActiveStep ? "active" : "passive") + " step " + step.step().index() + " "
                + code(step.step().code());
    }

    /** @return {@code "active"} or {@code "passive"} */
    static String kind(ReplayCommandType type) {
        return type == ReplayCommandType.ACTIVE ? "active" : "passive";
    }
}

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
package dev.reprise.io;

/**
 * One way a replay file does not fit the game about to play it, found by {@link ReplayCompatibility}.
 *
 * @param kind    what kind of mismatch
 * @param code    the command code concerned (as the file has it), or {@code -1} for {@link Kind#OTHER_GAME},
 *                {@link Kind#OTHER_BUILD} and an upgrade that fails as a whole
 * @param message a full sentence saying what differs, with the values on both sides
 */
public record ReplayMismatch(Kind kind, int code, String message) {

    /** The kinds of mismatch. */
    public enum Kind {
        /** The file was recorded by another game (game ids differ). */
        OTHER_GAME,
        /** The file was recorded by another build of the game, and the verifier requires the same build. */
        OTHER_BUILD,
        /** The route uses a code the game does not register. */
        UNKNOWN_CODE,
        /** The route uses a code that the file's dictionary names differently from the game. */
        RENAMED_CODE,
        /**
         * A declared {@link ReplayUpgrade} from the file's build cannot be applied to it: a step lacks the
         * param a change removes, a code has no name in the file's dictionary, or a command ends up under a
         * name the game does not register.
         */
        NOT_UPGRADABLE
    }

    @Override
    public String toString() {
        return message;
    }
}

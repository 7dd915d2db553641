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

import dev.reprise.diagnostic.ReplayException;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Signals that playback failed: a step, a passive handle or a finalizer answered
 * {@link dev.reprise.command.ReplayCommandResult#FAILED}, errored or threw, or a step's code has no
 * command. It names the step, its code, the command's registered name and the phase that failed.
 */
public final class ReplayPlaybackException extends ReplayException {

    private static final long serialVersionUID = 2L;

    /** The phase of playback in which a step failed. */
    public enum Phase {
        /** An active step's {@code execute}. */
        EXECUTE("execute"),
        /** A passive step's completion. */
        PASSIVE("passive"),
        /** A command's {@code finalizeRun}. */
        FINALIZE("finalize");

        private final String label;

        Phase(String label) {
            this.label = label;
        }

        /**
         * Returns the phase's lower-case label, as messages and the viewer show it.
         *
         * @return {@code "execute"}, {@code "passive"} or {@code "finalize"}
         */
        public String label() {
            return label;
        }
    }

    /** The 0-based index of the step that failed. */
    private final int stepIndex;
    /** The step's command code. */
    private final int code;
    /** The command's registered name, or {@code null}. */
    @Nullable
    private final String commandName;
    /** The phase that failed. */
    private final Phase phase;

    /**
     * Creates the exception.
     *
     * @param stepIndex   the 0-based index of the step that failed (for a finalize: the window's last step)
     * @param code        the step's command code
     * @param commandName the name the command was registered under, or {@code null} if no command is
     *                    registered for the code (or playback runs without names)
     * @param phase       where it failed
     * @param reason      what went wrong, for the message
     * @param cause       the error the command signalled, or {@code null} if it answered {@code FAILED}
     */
    public ReplayPlaybackException(int stepIndex, int code, @Nullable String commandName, Phase phase,
                                   String reason, @Nullable Throwable cause) {
        super("Replay step " + stepIndex + " (code " + code
                + (commandName != null ? ", " + commandName : "") + ") failed in "
                + Objects.requireNonNull(phase, "phase").label() + ": " + reason, cause);
        this.stepIndex = stepIndex;
        this.code = code;
        this.commandName = commandName;
        this.phase = phase;
    }

    /** @return the 0-based index of the step that failed */
    public int stepIndex() {
        return stepIndex;
    }

    /** @return the command code of the step that failed */
    public int code() {
        return code;
    }

    /**
     * Returns the name the failing step's command was registered under
     * ({@link dev.reprise.ReplaySystem#registerCommand(int, String, dev.reprise.command.ReplayCommand)}).
     *
     * @return the name, or empty when no command is registered for the code
     */
    public Optional<String> commandName() {
        return Optional.ofNullable(commandName);
    }

    /** @return the phase that failed: {@link Phase#EXECUTE}, {@link Phase#PASSIVE} or {@link Phase#FINALIZE} */
    public Phase phase() {
        return phase;
    }
}

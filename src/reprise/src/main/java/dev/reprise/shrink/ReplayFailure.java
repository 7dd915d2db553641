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
package dev.reprise.shrink;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * How a replay failed its check: which check, at which step, in which command, with which exception. A
 * {@link ReplayShrink} compares the failures of the replays it tries with the failure of the replay it
 * shrinks, so that a smaller replay is kept only if it fails {@linkplain #sameWayAs the same way}.
 *
 * <p>Immutable and thread-safe. Two failures are equal when every part is equal.
 */
public final class ReplayFailure {

    private static final Pattern DIGITS = Pattern.compile("\\d+");

    /** What failed. */
    public enum Kind {
        /** An {@linkplain ReplayCheck#invariant invariant} broke (returned {@code false}) or threw. */
        INVARIANT,
        /**
         * The {@linkplain ReplayCheck#finalState final-state check} failed; judged as a verifier judges, the
         * game's acceptance check refused the final state.
         */
        FINAL_STATE,
        /** Playback failed: a command failed, errored or threw, or a step's code has no command. */
        FAILED,
        /** A state-hash step did not match the replayed game. */
        DESYNC,
        /** The replay did not end within its timeout. */
        TIMED_OUT,
        /** The file could not be read as a replay of the game: nothing was played. */
        INVALID_FILE,
        /** The game could not be built for the file, or failed before playback started. */
        GAME
    }

    private final Kind kind;
    @Nullable
    private final String check;
    private final int stepIndex;
    private final int code;
    @Nullable
    private final String command;
    @Nullable
    private final String error;
    @Nullable
    private final String errorMessage;
    private final String message;

    private ReplayFailure(Kind kind, @Nullable String check, int stepIndex, int code, @Nullable String command,
                          @Nullable String error, @Nullable String errorMessage, String message) {
        this.kind = kind;
        this.check = check;
        this.stepIndex = stepIndex;
        this.code = code;
        this.command = command;
        this.error = error;
        this.errorMessage = errorMessage;
        this.message = message;
    }

    /**
     * Returns a failure of these parts.
     *
     * @param kind      what failed
     * @param check     the invariant's name, or {@code null} for any other kind
     * @param stepIndex the step the failure names (the failing step, the desynced hash step, the step after
     *                  which an invariant broke), or -1 for none (at the start, at the end)
     * @param code      the code of the failing command, or -1 for none
     * @param command   the failing command's registered name, or {@code null} for none
     * @param error     the exception behind the failure (for a failing command, the cause it signalled), or
     *                  {@code null} for none (an invariant that returned {@code false}, a command that
     *                  answered {@code FAILED})
     * @param message   the failure as the check reports it
     * @return the failure
     * @throws IllegalArgumentException if {@code stepIndex} or {@code code} is below -1
     */
    static ReplayFailure of(Kind kind, @Nullable String check, int stepIndex, int code,
                                   @Nullable String command, @Nullable Throwable error, String message) {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
        if (stepIndex < -1 || code < -1) {
            throw new IllegalArgumentException("stepIndex and code are -1 for none or not negative, were "
                    + stepIndex + ", " + code);
        }
        String errorMessage = error == null || error.getMessage() == null ? null : masked(error.getMessage());
        return new ReplayFailure(kind, check, stepIndex, code, command,
                error == null ? null : error.getClass().getName(), errorMessage, message);
    }

    /** @return the text with every run of digits replaced by {@code #}: what stays when the numbers change */
    static String masked(String text) {
        return DIGITS.matcher(text).replaceAll("#");
    }

    /** @return what failed */
    public Kind kind() {
        return kind;
    }

    /** @return the name of the invariant that broke; empty for any other kind */
    public Optional<String> check() {
        return Optional.ofNullable(check);
    }

    /**
     * Returns the step the failure names: the step that failed, the hash step that desynced, the step
     * after which an invariant no longer held.
     *
     * @return its 0-based index; empty at the start (before any step) or the end (a final-state check, a
     *         timeout)
     */
    public OptionalInt stepIndex() {
        return stepIndex < 0 ? OptionalInt.empty() : OptionalInt.of(stepIndex);
    }

    /** @return the code of the failing command ({@link Kind#FAILED}, {@link Kind#DESYNC}); empty otherwise */
    public OptionalInt code() {
        return code < 0 ? OptionalInt.empty() : OptionalInt.of(code);
    }

    /** @return the failing command's registered name; empty if it has none or no command failed */
    public Optional<String> command() {
        return Optional.ofNullable(command);
    }

    /**
     * Returns the class of the exception behind the failure: for a failing command the error it
     * signalled or threw (not the {@code ReplayPlaybackException} around it), for a check what it threw.
     *
     * @return the class's binary name, e.g. {@code "java.lang.IllegalStateException"}; empty for an invariant
     *         that returned {@code false} and a command that answered {@code FAILED}
     */
    public Optional<String> error() {
        return Optional.ofNullable(error);
    }

    /**
     * Returns the message of the exception behind the failure, every number in it masked as {@code #}:
     * {@code "the curse struck # times"}. Two failures of the same exception class with other messages,
     * such as a game refusing an impossible input and an invariant, both throwing
     * {@code IllegalStateException}, fail two ways.
     *
     * @return the masked message; empty if there is no exception or it has no message
     */
    public Optional<String> errorMessage() {
        return Optional.ofNullable(errorMessage);
    }

    /** @return the failure as the check reports it, its first line saying what broke and where */
    public String message() {
        return message;
    }

    /**
     * Tells whether another failure is the same failure as this one, wherever it happened: the same
     * {@linkplain #kind kind}, the same {@linkplain #error exception class} with the same
     * {@linkplain #errorMessage message, its numbers masked} (or none), and
     * <ul>
     *   <li>for an invariant: the same invariant, broken the same way (returned {@code false}, or threw);</li>
     *   <li>for a failing command: the same command (code and name);</li>
     *   <li>for a desync: a hash step of the same code;</li>
     * </ul>
     * The step index, the numbers in the exception's message and the failure's own message are not
     * compared: a smaller replay fails at another step, in another state.
     *
     * @param other the other failure
     * @return {@code true} if it fails the same way
     */
    public boolean sameWayAs(ReplayFailure other) {
        Objects.requireNonNull(other, "other");
        if (kind != other.kind || !Objects.equals(error, other.error)
                || !Objects.equals(errorMessage, other.errorMessage)) {
            return false;
        }
        return switch (kind) {
            case INVARIANT -> Objects.equals(check, other.check);
            case FAILED -> code == other.code && Objects.equals(command, other.command);
            case DESYNC -> code == other.code;
            default -> true;
        };
    }

    /** @return the failure's first line: what broke, where */
    String headline() {
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }

    /**
     * Tells whether another object is a failure with the same parts, message included (for failures
     * that are the same failure wherever they happened, see {@link #sameWayAs}).
     *
     * @param other the object to compare with, may be {@code null}
     * @return {@code true} if every part is equal
     */
    @Override
    public boolean equals(@Nullable Object other) {
        return other == this || other instanceof ReplayFailure that && kind == that.kind
                && Objects.equals(check, that.check) && stepIndex == that.stepIndex && code == that.code
                && Objects.equals(command, that.command) && Objects.equals(error, that.error)
                && Objects.equals(errorMessage, that.errorMessage) && message.equals(that.message);
    }

    /** @return a hash code of every part, consistent with {@link #equals} */
    @Override
    public int hashCode() {
        return Objects.hash(kind, check, stepIndex, code, command, error, errorMessage, message);
    }

    /** @return e.g. {@code ReplayFailure[FAILED, step 13, code 17 perk, java.lang.IllegalStateException]} */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("ReplayFailure[").append(kind);
        if (check != null) {
            s.append(", \"").append(check).append('"');
        }
        if (stepIndex >= 0) {
            s.append(", step ").append(stepIndex);
        }
        if (code >= 0) {
            s.append(", code ").append(code);
        }
        if (command != null) {
            s.append(' ').append(command);
        }
        if (error != null) {
            s.append(", ").append(error);
        }
        return s.append(']').toString();
    }
}

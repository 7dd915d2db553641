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
package dev.reprise.diagnostic;

/**
 * The kinds of warning Reprise reports, each with the numeric code the original motajs engine logs
 * for the same situation, so logs stay comparable across both engines.
 *
 * <p>Only situations that still warn in Reprise are listed: where the original engine logged and
 * carried on with dropped, corrupt or stale data, Reprise throws instead — a param that cannot be
 * stored (the engine's 148, 152, 153), a growth multiplier of 1 or less (149), a second command for
 * one code (163), a malformed route on load (see {@code docs/compatibility.md}). Codes of 1000 and
 * above are Reprise's own and have no counterpart in the engine.
 *
 * <p>Each constant carries a message template; {@code $1}, {@code $2}, ... are replaced by the
 * arguments of {@link #format(Object...)}.
 */
public enum WarningCode {
    /** A buffer reached its configured maximum and will not grow further. */
    CAPACITY_REACHED(150, "Replay $1 area reached its maximum of $2; it will not grow further."),
    /** Narrowing the command width truncated a code above 255. */
    CODE_TRUNCATED(154, "Command code $1 does not fit an 8-bit command width; it is truncated to $2."),
    /** A read stream or cursor was used after the route changed. */
    STREAM_EXPIRED(155, "Reading an expired replay read stream: the route changed after it was created."),
    /** The route of a playing sandbox changed; playback fails. */
    SANDBOX_STREAM_EXPIRED(156, "The replay sandbox's read stream has expired: the route changed during playback."),
    /** A step's code has no registered command. */
    UNKNOWN_COMMAND(157, "No replay command is registered for code $1."),
    /** An edit named a step index outside the route; nothing changed. */
    INDEX_OUT_OF_RANGE(179, "Replay $1 index $2 is out of range for length $3; nothing changed."),
    /**
     * A passive step was skipped: nobody settled it in time, it had no active step before it, or a stop or
     * cancel cut off the answer its claimer (a UI through {@code PassiveAnswers}) was still giving. Arguments:
     * the step's index, its code, the active step's code ({@code -1} for none), what happened to it (for
     * instance {@code "not consumed"}) and what to do about it.
     */
    PASSIVE_SKIPPED(194, "Passive replay step $1 (code $2) was $4 during the active step of code $3; skipped. $5"),
    /** A command, passive handle or finalizer answered {@code IGNORED}; playback goes on. */
    COMMAND_IGNORED(1001, "Replay step $1 (code $2) returned IGNORED from $3; playback goes on."),
    /**
     * An answer came for a passive step the sandbox had already skipped ({@link #PASSIVE_SKIPPED warning 194}); it
     * changed nothing. Arguments: the step's index, its code, the answer, and what to do about it.
     */
    PASSIVE_ANSWER_LOST(1002, "Passive replay step $1 (code $2) was answered $3 after it had been skipped; the"
            + " answer is lost. $4");

    private final int code;
    private final String template;

    WarningCode(int code, String template) {
        this.code = code;
        this.template = template;
    }

    /**
     * Returns the numeric code, equal to the original engine's log code where one exists.
     *
     * @return the numeric warning code
     */
    public int code() {
        return code;
    }

    /**
     * Fills the template's {@code $1}, {@code $2}, ... with the given arguments.
     *
     * @param args the arguments, by position; {@code String.valueOf} is used for each
     * @return the message
     */
    public String format(Object... args) {
        String message = template;
        for (int i = args.length; i >= 1; i--) { // from the top so $1 never eats the prefix of $10
            message = message.replace("$" + i, String.valueOf(args[i - 1]));
        }
        return message;
    }
}

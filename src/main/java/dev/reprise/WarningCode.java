package dev.reprise;

/**
 * The kinds of warning Reprise reports, each with the numeric code the original motajs engine logs
 * for the same situation (REFERENCE §8), so logs stay comparable across both engines.
 *
 * <p>Only situations that still warn in Reprise's design are listed: where the original engine
 * logged and carried on with corrupt or stale data, Reprise throws instead (for example a malformed
 * route on load). Codes of 1000 and above are Reprise's own and have no counterpart in the engine.
 *
 * <p>Each constant carries a message template; {@code $1}, {@code $2}, ... are replaced by the
 * arguments of {@link #format(Object...)}.
 */
public enum WarningCode {
    /** A param of a type the route cannot store (or {@code null}) was dropped; the count adjusts. */
    UNSUPPORTED_PARAM(148, "Unsupported replay param of type $1 ($2); the param is dropped."),
    /** A growth multiplier of the configuration was not above 1; 2 is used instead. */
    INVALID_MULTIPLIER(149, "Replay $1 expand multiplier $2 must be greater than 1; using 2."),
    /** A buffer reached its configured maximum and will not grow further. */
    CAPACITY_REACHED(150, "Replay $1 area reached its maximum of $2; it will not grow further."),
    /** A {@code BigInteger} param with a magnitude of 2^2040 or more was dropped. */
    BIGINT_OUT_OF_RANGE(152, "BigInteger replay param out of representable range, min for -(2^2040 - 1), "
            + "and max for 2^2040 - 1. The overflowed param will be ignored."),
    /** More than 255 params were given to one step; only the first 255 were kept. */
    TOO_MANY_PARAMS(153, "A replay step takes at most 255 params, $1 were given; the rest are dropped."),
    /** Narrowing the command width truncated a code above 255. */
    CODE_TRUNCATED(154, "Command code $1 does not fit an 8-bit command width; it is truncated to $2."),
    /** A read stream or cursor was used after the route changed. */
    STREAM_EXPIRED(155, "Reading an expired replay read stream: the route changed after it was created."),
    /** The route of a playing sandbox changed; playback fails. */
    SANDBOX_STREAM_EXPIRED(156, "The replay sandbox's read stream has expired: the route changed during playback."),
    /** A step's code has no registered command. */
    UNKNOWN_COMMAND(157, "No replay command is registered for code $1."),
    /** A command was registered twice for one code; the first registration is kept. */
    DUPLICATE_COMMAND(163, "A replay command is already registered for code $1; the first one is kept."),
    /** An edit named a step index outside the route; nothing changed. */
    INDEX_OUT_OF_RANGE(179, "Replay $1 index $2 is out of range for length $3; nothing changed."),
    /** A passive step was not settled in time (or had no active step before it) and was skipped. */
    PASSIVE_SKIPPED(194, "Passive replay step $1 (code $2) was not consumed during the active step of code $3; skipped."),
    /** A command, passive handle or finalizer answered {@code IGNORED}; playback goes on. */
    COMMAND_IGNORED(1001, "Replay step $1 (code $2) returned IGNORED from $3; playback goes on.");

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
     * Returns the message template with {@code $n} placeholders.
     *
     * @return the template, never {@code null}
     */
    public String template() {
        return template;
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

    /**
     * Returns the constant with the given numeric code.
     *
     * @param code a numeric code
     * @return the constant
     * @throws IllegalArgumentException if no constant has that code
     */
    public static WarningCode fromCode(int code) {
        for (WarningCode value : values()) {
            if (value.code == code) {
                return value;
            }
        }
        throw new IllegalArgumentException("Unknown warning code: " + code);
    }
}

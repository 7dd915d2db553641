package dev.reprise;

import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import reactor.util.Logger;
import reactor.util.Loggers;

/**
 * One warning reported by Reprise: its kind and a human-readable message.
 *
 * <p>Warnings describe recoverable situations (an edit index out of range, a skipped passive step, ...);
 * input that cannot be recorded faithfully is an exception, not a warning. They are
 * delivered to the listener of the component that reported them (for example
 * {@link ReplaySystem#warnings()}) and always logged through Reactor's {@code Loggers} under the
 * logger name {@code dev.reprise}. Immutable and thread-safe.
 *
 * @param kind    what happened, never {@code null}
 * @param message the filled-in message, never {@code null}
 */
public record ReplayWarning(WarningCode kind, String message) {

    private static final Logger LOG = Loggers.getLogger("dev.reprise");

    /**
     * Creates a warning.
     *
     * @throws NullPointerException if an argument is {@code null}
     */
    public ReplayWarning {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
    }

    /**
     * Creates a warning whose message is the kind's template filled with the arguments.
     *
     * @param kind the kind of warning
     * @param args the template arguments
     * @return the warning
     */
    public static ReplayWarning of(WarningCode kind, Object... args) {
        return new ReplayWarning(kind, kind.format(args));
    }

    /**
     * Logs this warning through Reactor's {@code Loggers} (logger {@code dev.reprise}, level WARN) and
     * then hands it to {@code listener}. A listener that throws is logged at ERROR and otherwise ignored:
     * a faulty listener never interrupts the recording or the playback that reported the warning.
     *
     * @param listener who to tell, or {@code null} to only log
     * @return this warning
     */
    public ReplayWarning report(@Nullable Consumer<? super ReplayWarning> listener) {
        LOG.warn("[{}] {}", kind.code(), message);
        if (listener != null) {
            try {
                listener.accept(this);
            } catch (RuntimeException e) {
                LOG.error("A replay warning listener failed on " + this, e);
            }
        }
        return this;
    }

    /**
     * Returns the numeric code, the original engine's log code where one exists.
     *
     * @return {@code kind().code()}
     */
    public int code() {
        return kind.code();
    }

    @Override
    public String toString() {
        return "[" + kind.code() + " " + kind + "] " + message;
    }
}

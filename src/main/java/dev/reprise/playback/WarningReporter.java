package dev.reprise.playback;

import dev.reprise.ReplayWarning;
import dev.reprise.WarningCode;
import java.util.function.Consumer;
import reactor.util.Logger;
import reactor.util.Loggers;
import org.jspecify.annotations.Nullable;

/**
 * Reports warnings: logs each through Reactor's {@code Loggers} and hands it to an optional listener.
 *
 * <p>A listener that throws is logged and otherwise ignored, so a faulty listener can never break the
 * sandbox that reports. Thread-safe if the listener is. The route package has its own twin of this
 * class: sharing one would need a public type, and reporting warnings is not part of the API.
 */
final class WarningReporter {

    private static final Logger LOG = Loggers.getLogger("dev.reprise");

    @Nullable
    private final Consumer<? super ReplayWarning> listener;

    /**
     * Creates a reporter.
     *
     * @param listener receives every warning after it is logged; may be {@code null}
     */
    WarningReporter(@Nullable Consumer<? super ReplayWarning> listener) {
        this.listener = listener;
    }

    /**
     * Logs a warning of the given kind and delivers it to the listener.
     *
     * @param kind the kind of warning
     * @param args the template arguments
     * @return the warning that was reported
     */
    ReplayWarning report(WarningCode kind, Object... args) {
        ReplayWarning warning = ReplayWarning.of(kind, args);
        LOG.warn("[{}] {}", kind.code(), warning.message());
        if (listener != null) {
            try {
                listener.accept(warning);
            } catch (RuntimeException e) {
                LOG.error("A replay warning listener failed on " + warning, e);
            }
        }
        return warning;
    }
}

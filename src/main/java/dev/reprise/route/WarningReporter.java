package dev.reprise.route;

import dev.reprise.ReplayWarning;
import dev.reprise.WarningCode;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Reports the route's warnings: each is logged and handed to an optional listener
 * ({@link ReplayWarning#report(Consumer)}). Thread-safe if the listener is.
 */
final class WarningReporter {

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
        return ReplayWarning.of(kind, args).report(listener);
    }
}

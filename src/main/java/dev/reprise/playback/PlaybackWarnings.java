package dev.reprise.playback;

import dev.reprise.ReplayWarning;
import dev.reprise.WarningCode;
import dev.reprise.internal.WarningReporter;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Reports a sandbox's warnings (156, 157, 194, 1001): logs each and hands it to the listener. The one
 * place the playback package reaches the shared warning reporter, so moving that reporter changes
 * only this file. Thread-safe.
 */
final class PlaybackWarnings {

    private final WarningReporter reporter;

    PlaybackWarnings(@Nullable Consumer<? super ReplayWarning> listener) {
        this.reporter = new WarningReporter(listener);
    }

    void report(WarningCode kind, Object... args) {
        reporter.report(kind, args);
    }
}

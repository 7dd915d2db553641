package dev.reprise.playback;

import dev.reprise.ReplayWarning;
import dev.reprise.WarningCode;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Reports a sandbox's warnings (156, 157, 194, 1001): each is logged and handed to the listener the
 * sandbox was opened with ({@link ReplayWarning#report(Consumer)}). Thread-safe if the listener is.
 */
final class PlaybackWarnings {

    @Nullable
    private final Consumer<? super ReplayWarning> listener;

    PlaybackWarnings(@Nullable Consumer<? super ReplayWarning> listener) {
        this.listener = listener;
    }

    void report(WarningCode kind, Object... args) {
        ReplayWarning.of(kind, args).report(listener);
    }
}

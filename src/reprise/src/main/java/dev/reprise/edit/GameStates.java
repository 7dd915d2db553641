package dev.reprise.edit;

import dev.reprise.playback.SnapshotProvider;
import java.util.Objects;

/**
 * The game's snapshot provider, with its snapshot type bound once, so that the editor can keep snapshots
 * of a type it does not know as plain objects. Every snapshot handed back was captured by this provider.
 *
 * @param <T> the provider's snapshot type
 */
final class GameStates<T> {

    private final SnapshotProvider<T> provider;

    GameStates(SnapshotProvider<T> provider) {
        this.provider = provider;
    }

    T captureTyped() {
        return Objects.requireNonNull(provider.capture(), "SnapshotProvider.capture() returned null");
    }

    Object capture() {
        return captureTyped();
    }

    @SuppressWarnings("unchecked") // every snapshot the editor keeps came from captureTyped()
    T cast(Object snapshot) {
        return (T) snapshot;
    }

    void restore(Object snapshot) {
        provider.restore(cast(snapshot));
    }

    long estimateBytes(Object snapshot) {
        return provider.estimateBytes(cast(snapshot));
    }
}

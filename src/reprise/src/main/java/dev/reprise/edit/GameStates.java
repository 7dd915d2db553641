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

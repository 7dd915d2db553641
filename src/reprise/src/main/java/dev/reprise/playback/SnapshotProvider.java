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
package dev.reprise.playback;

/**
 * Captures and restores the whole state of a game, so a {@link ReplaySandbox} can keep checkpoints and
 * {@linkplain ReplaySandbox#seek seek} without replaying from the start.
 *
 * <p>The sandbox captures only at <em>closed</em> group boundaries: after the previous finalize window
 * was finalized and before the next group is dispatched. A snapshot therefore needs to hold what a save
 * game holds — nothing a command keeps for an open window (such as moves queued until the window's
 * {@code finalizeRun}) is ever pending when {@link #capture()} is called. See {@code docs/seeking.md}.
 *
 * <p>Called where the sandbox's commands run — on its {@link SandboxConfig.Builder#runOn runOn} worker
 * (the game thread) when set, else on whichever thread drives playback — one call at a time, never while
 * a command of the sandbox runs. A snapshot is kept in the sandbox's checkpoint cache and may be restored many times: it must not
 * change after {@link #capture()} returned it (return an immutable value or a copy).
 *
 * @param <T> the type of a snapshot
 */
public interface SnapshotProvider<T> {

    /**
     * Captures the current state of the game.
     *
     * @return an unchanging snapshot, not {@code null}
     */
    T capture();

    /**
     * Puts the game back into the state of a snapshot taken by {@link #capture()} of this provider.
     *
     * @param snapshot a snapshot from {@link #capture()}; it must stay usable for later restores
     */
    void restore(T snapshot);

    /**
     * Estimates how much memory a snapshot keeps alive; the checkpoint cache evicts checkpoints to keep
     * the sum of these estimates within {@link SandboxConfig#checkpointBudget()}.
     *
     * @param snapshot a snapshot from {@link #capture()}
     * @return the estimated retained size in bytes, at least 0; values above {@code Integer.MAX_VALUE}
     *         count as {@code Integer.MAX_VALUE}
     */
    long estimateBytes(T snapshot);
}

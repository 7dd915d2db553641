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
/**
 * Desync detection: record a hash of the game's state every few steps
 * ({@link dev.reprise.desync.StateHashRecorder}) and check it on playback
 * ({@link dev.reprise.desync.StateHashCheck}), so a replay that diverges fails with a
 * {@link dev.reprise.desync.ReplayDesyncException} naming the window where it diverged.
 *
 * <p>Types are non-null unless marked {@link org.jspecify.annotations.Nullable @Nullable} (JSpecify).
 */
@NullMarked
package dev.reprise.desync;

import org.jspecify.annotations.NullMarked;

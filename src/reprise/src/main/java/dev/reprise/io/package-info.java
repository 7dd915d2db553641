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
 * Replay files: {@link dev.reprise.io.ReplayFile} is a route with a header (game id, build, metadata,
 * command dictionary), a compressed body and a checksum, written atomically and read with strict
 * validation of untrusted bytes; {@link dev.reprise.io.ReplayCompatibility} checks a file against the game
 * before it is played, upgrading a file of an older build by the {@link dev.reprise.io.ReplayUpgrade}s the
 * game declares.
 *
 * <p>Types are non-null unless marked {@link org.jspecify.annotations.Nullable @Nullable} (JSpecify).
 */
@NullMarked
package dev.reprise.io;

import org.jspecify.annotations.NullMarked;

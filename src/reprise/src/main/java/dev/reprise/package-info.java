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
 * Records a player's inputs in a deterministic game and plays them back: {@link dev.reprise.ReplaySystem}
 * is the entry point (register a command per input code, record steps, save and load the route, create
 * a playback sandbox), {@link dev.reprise.diagnostic.ReplayException} is the base of the library's own exceptions,
 * and warnings are numbered {@link dev.reprise.diagnostic.ReplayWarning}s on a {@code Flux} and in the log.
 *
 * <p>Nothing in this package or its subpackages accepts or returns {@code null} unless a type is marked
 * {@link org.jspecify.annotations.Nullable @Nullable} (JSpecify).
 */
@NullMarked
package dev.reprise;

import org.jspecify.annotations.NullMarked;

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
 * Commands that play recorded steps: {@link dev.reprise.command.ReplayCommand} (active or passive, with
 * an optional {@code finalizeRun} that closes a run of same-code steps), the built-in input codes of
 * {@link dev.reprise.command.ReplayCode}, and the results a command reports.
 *
 * <p>Types are non-null unless marked {@link org.jspecify.annotations.Nullable @Nullable} (JSpecify).
 */
@NullMarked
package dev.reprise.command;

import org.jspecify.annotations.NullMarked;

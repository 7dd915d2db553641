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
 * Bulk verification of replay files: {@link dev.reprise.verify.ReplayVerifier} reads each replay within
 * caps, plays it headless on a fresh game and gives one {@link dev.reprise.verify.Verdict} per replay,
 * with bounded parallelism and memory. See {@code docs/verification.md}. Across game updates
 * ({@code docs/builds.md}): {@link dev.reprise.verify.BuildCompatibility} tells which replays reproduce on the
 * installed build, and {@link dev.reprise.verify.GameBuilds} loads every build's jar side by side, each replay
 * played on its own ({@link dev.reprise.verify.ReplayVerifier#forBuilds}). Where two runs of a route part
 * ({@code docs/finding-divergence.md}): {@link dev.reprise.verify.Lockstep} plays it on two games side by side
 * and names the first step after which their states differ, and the fields
 * ({@link dev.reprise.verify.VerifiableGame#describeState()}).
 */
@NullMarked
package dev.reprise.verify;

import org.jspecify.annotations.NullMarked;

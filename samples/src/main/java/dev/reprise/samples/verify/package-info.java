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
 * The sample tower game as a verifiable game: {@link dev.reprise.samples.verify.TowerVerification} (a
 * verifier preset and the metadata a verifiable tower replay carries) and
 * {@link dev.reprise.samples.verify.TowerCorpus} (a deterministic corpus of valid and broken replays for
 * tests, benchmarks and the replay tool's {@code corpus} command).
 */
@NullMarked
package dev.reprise.samples.verify;

import org.jspecify.annotations.NullMarked;

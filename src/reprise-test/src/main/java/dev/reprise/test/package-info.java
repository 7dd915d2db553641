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
 * The test kit, as {@code reactor-test} is for Reactor: replay files as tests
 * ({@link dev.reprise.test.ReplayAssertions}, {@link dev.reprise.test.ReplayFilesSource}), judged as
 * recorded; a step-by-step {@code StepVerifier} for playback ({@link dev.reprise.test.PlaybackStepVerifier});
 * and seeded random and hand-written routes ({@link dev.reprise.test.TestRoutes}). Judging replays by what must hold in the
 * game, shrinking a failing one and keeping cases need no test framework: they are the core's
 * ({@link dev.reprise.shrink.ReplayCheck} and its package), which a game's tests call directly.
 *
 * <p>Its dependencies, {@code reactor-test}, {@code junit-jupiter-api} and {@code junit-jupiter-params},
 * are optional dependencies of the library: a game that uses the kit adds them in test scope; a game
 * that does not never sees them. See {@code docs/testing.md}.
 */
@NullMarked
package dev.reprise.test;

import org.jspecify.annotations.NullMarked;

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
 * Test support shared by the library's and the samples' tests: seeded random cases for property tests
 * ({@link dev.reprise.testing.SeededCases}, {@link dev.reprise.testing.Gen}), shared test data found
 * through the environment ({@link dev.reprise.testing.SharedData}), the StepVerifier bound of the
 * whole test run ({@link dev.reprise.testing.StepVerifierTimeouts}), the real browser of the
 * viewer's tests ({@link dev.reprise.testing.Browser}), and a replay file's steps
 * ({@link dev.reprise.testing.RouteSteps}).
 */
@NullMarked
package dev.reprise.testing;

import org.jspecify.annotations.NullMarked;

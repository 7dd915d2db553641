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
 * The runnable samples, each a class with a {@code main} method and a test that runs it:
 * {@link dev.reprise.samples.Demo} (the README's demo: record, save, replay with a progress bar, report),
 * {@link dev.reprise.samples.RecordAndReplaySample}, {@link dev.reprise.samples.GameLoopSample} and
 * {@link dev.reprise.samples.AsyncUiSample}; the fourth sample, testing with {@code StepVerifier}, is the
 * test class {@code TestingWithStepVerifierSampleTest}. They play the tower game of
 * {@link dev.reprise.samples.tower} through the Reprise commands of
 * {@link dev.reprise.samples.tower.replay}.
 */
@NullMarked
package dev.reprise.samples;

import org.jspecify.annotations.NullMarked;

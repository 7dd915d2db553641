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
 * Regression cases from replays, without a test framework: {@link dev.reprise.shrink.ReplayCheck} judges
 * replays by what must hold in the game, {@link dev.reprise.shrink.ReplayShrink} shrinks a failing replay to a
 * small one that fails the same way ({@link dev.reprise.shrink.ShrunkReplay},
 * {@link dev.reprise.shrink.ReplayFailure}), and {@link dev.reprise.shrink.ReplayCases} keeps a session or
 * the start of a replay as a test case and finds the cases of a folder. The test kit's {@code ReplayAssertions}
 * and the replay tool's {@code shrink} and {@code cut} run on them.
 */
@NullMarked
package dev.reprise.shrink;

import org.jspecify.annotations.NullMarked;

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
 * A small deterministic tower game in the spirit of the motajs engine, used by the samples to show
 * Reprise recording and replaying a real game.
 *
 * <p>{@link dev.reprise.samples.tower.TowerGame} is the facade: it holds a {@link
 * dev.reprise.samples.tower.Tower} (the floors as designed) and the current {@link
 * dev.reprise.samples.tower.TowerState} (a comparable value with a stable 64-bit hash), and applies
 * inputs described by {@link dev.reprise.samples.tower.TowerCodes}. {@link
 * dev.reprise.samples.tower.TowerGenerator} builds solvable towers from a seed and {@link
 * dev.reprise.samples.tower.TowerBot} plays them, emitting every input through an {@link
 * dev.reprise.samples.tower.InputRecorder}.
 */
@NullMarked
package dev.reprise.samples.tower;

import org.jspecify.annotations.NullMarked;

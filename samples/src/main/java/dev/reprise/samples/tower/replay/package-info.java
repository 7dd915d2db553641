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
 * The tower game's Reprise commands and what a replay of the tower needs besides:
 * {@link dev.reprise.samples.tower.replay.TowerCommands} registers them (moves queue and commit in
 * {@code finalizeRun}; TELEPORT, USE_ITEM, EQUIP, UNEQUIP, SHOP and FLY apply at once; CHOICE is
 * passive), {@link dev.reprise.samples.tower.replay.Choices} applies the passive answers,
 * {@link dev.reprise.samples.tower.replay.StateTrail} and
 * {@link dev.reprise.samples.tower.replay.ReplayVerdict} tell whether a replay reproduced the game.
 */
@NullMarked
package dev.reprise.samples.tower.replay;

import org.jspecify.annotations.NullMarked;

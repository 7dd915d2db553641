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
 * Edit and continue: {@link dev.reprise.edit.ReplayEditor} changes any step of a game's route and shows
 * the result at once, replaying only from the nearest kept state of the game, with undo, redo and
 * branches. See {@code docs/editing.md}.
 */
@NullMarked
package dev.reprise.edit;

import org.jspecify.annotations.NullMarked;

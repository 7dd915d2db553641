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
 * The tower game's viewer plug-in: its commands and choice dialogs ({@code TowerReplay}), its state as
 * JSON for its renderer ({@code TowerView}) and the bot playing live ({@code TowerLive}), behind
 * {@link dev.reprise.samples.viewer.tower.TowerViewer}.
 */
@NullMarked
package dev.reprise.samples.viewer.tower;

import org.jspecify.annotations.NullMarked;

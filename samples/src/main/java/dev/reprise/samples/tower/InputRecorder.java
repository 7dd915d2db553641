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
package dev.reprise.samples.tower;

/**
 * Receives every input a player makes, before the game applies it. {@code ReplaySystem::record} fits
 * this interface, so a player can record straight into a Reprise route.
 */
@FunctionalInterface
public interface InputRecorder {

    /**
     * Records one input.
     *
     * @param code an input code from {@link TowerCodes}
     * @param params its params, as {@link TowerCodes} describes them
     */
    void record(int code, Object... params);
}

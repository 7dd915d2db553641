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
 * The binary route: {@link dev.reprise.route.ReplayArray} holds one fixed-size command entry per step and
 * the steps' tagged, big-endian params, byte for byte as the motajs engine stores them; read it with
 * read streams or an allocation-free cursor, save and load it as a {@link dev.reprise.route.ReplaySave}.
 *
 * <p>Types are non-null unless marked {@link org.jspecify.annotations.Nullable @Nullable} (JSpecify).
 */
@NullMarked
package dev.reprise.route;

import org.jspecify.annotations.NullMarked;

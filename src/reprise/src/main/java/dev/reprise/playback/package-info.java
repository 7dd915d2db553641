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
 * Playback of a route as a Reactor {@code Flux} with backpressure: {@link dev.reprise.playback.ReplaySandbox}
 * dispatches the route's steps to their commands group by group, only on demand, with play, pause,
 * single step, speed, stop and seek controls usable from any thread.
 *
 * <p>Types are non-null unless marked {@link org.jspecify.annotations.Nullable @Nullable} (JSpecify).
 */
@NullMarked
package dev.reprise.playback;

import org.jspecify.annotations.NullMarked;

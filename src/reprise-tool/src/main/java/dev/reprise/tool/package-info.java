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
 * The replay tool, {@link dev.reprise.tool.ReplayTool}: a picocli command line over replay files
 * ({@code info}, {@code dump}, {@code check}, {@code convert}, {@code sample}) and over the verifier
 * ({@code verify}, {@code compat}, {@code shrink}, {@code cut}, {@code upgrade}, {@code diff},
 * {@code determinism}, for any game a {@link dev.reprise.verify.ReplayVerifierProvider} on the class path,
 * or a folder of game jars, provides). Every file is read within the library reader's caps, and every bad
 * input is one line naming the path and the reason. picocli is a dependency of this module only: the core
 * needs none.
 */
@NullMarked
package dev.reprise.tool;

import org.jspecify.annotations.NullMarked;

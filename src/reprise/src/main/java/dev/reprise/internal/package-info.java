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
 * Reprise's internals shared across its packages: warning reporting, the checks of a file's strings, and
 * what {@code ReplaySystem} hands the sandboxes it creates. Not API: the {@code dev.reprise}
 * module does not export this package, and nothing here is covered by compatibility promises.
 *
 * <p>It depends on no Reprise package but the leaf {@code dev.reprise.diagnostic}, and no public
 * signature of an API package names a type of it.
 */
@NullMarked
package dev.reprise.internal;

import org.jspecify.annotations.NullMarked;

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
package dev.reprise.internal;

import dev.reprise.diagnostic.ReplayWarning;
import org.jspecify.annotations.Nullable;

/**
 * What a {@code ReplaySystem} gives each sandbox it creates besides its commands: where the sandbox's
 * warnings go, and the sandbox the new one replaces. The command lookup the system passes to
 * {@code ReplaySandbox.create} also implements this interface; the sandbox asks it once, on creation. A
 * lookup from anywhere else does not implement it: that sandbox only logs its warnings and replaces nothing.
 *
 * <p>Not API: the package is not exported by the module, and may change in any release.
 *
 * @param <S> the sandbox type, a parameter because this package sits below the playback package
 */
public interface SandboxHost<S> {

    /**
     * Receives one of the sandbox's warnings after it is logged, on the thread that reports it.
     *
     * @param warning the warning
     */
    void warn(ReplayWarning warning);

    /**
     * Returns the sandbox the new one replaces: stopped on creation, and the game is reset only once it has
     * ended.
     *
     * @return the sandbox created before, or {@code null} if none
     */
    @Nullable S replaced();
}

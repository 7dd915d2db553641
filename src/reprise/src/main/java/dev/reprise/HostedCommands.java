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
package dev.reprise;

import dev.reprise.command.CommandLookup;
import dev.reprise.command.ReplayCommand;
import dev.reprise.diagnostic.ReplayWarning;
import dev.reprise.internal.SandboxHost;
import dev.reprise.playback.ReplaySandbox;
import java.util.Optional;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The lookup a {@link ReplaySystem} passes to each sandbox it creates: the system's live commands and,
 * as the sandbox's {@link SandboxHost}, its warnings feed and the sandbox created before. Immutable;
 * thread-safe as its parts are.
 */
final class HostedCommands implements CommandLookup, SandboxHost<ReplaySandbox> {

    private final CommandLookup commands;
    private final Consumer<ReplayWarning> warnings;
    private final @Nullable ReplaySandbox replaced;

    HostedCommands(CommandLookup commands, Consumer<ReplayWarning> warnings, @Nullable ReplaySandbox replaced) {
        this.commands = commands;
        this.warnings = warnings;
        this.replaced = replaced;
    }

    @Override
    public Optional<ReplayCommand> command(int code) {
        return commands.command(code);
    }

    @Override
    public Optional<String> name(int code) {
        return commands.name(code);
    }

    @Override
    public void warn(ReplayWarning warning) {
        warnings.accept(warning);
    }

    @Override
    public @Nullable ReplaySandbox replaced() {
        return replaced;
    }
}

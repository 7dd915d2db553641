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

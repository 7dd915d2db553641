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
package dev.reprise.tool;

import dev.reprise.verify.GameCode;
import java.io.PrintWriter;
import java.util.List;
import java.util.ServiceConfigurationError;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The tool's picocli command: its subcommands, its options, and how failures become one line and an exit
 * code. Kept out of {@link ReplayTool}, the public entry point, so that picocli is not in the API.
 */
@Command(name = "replay-tool", mixinStandardHelpOptions = true, versionProvider = ToolVersion.class,
        scope = CommandLine.ScopeType.INHERIT, // --help and --version on every subcommand too
        description = "Inspects, dumps, checks, verifies, shrinks, cuts, converts and upgrades Reprise replay "
            + "files, and tells whether replays reproduce on the installed build.",
        subcommands = {InfoCommand.class, DumpCommand.class, CheckCommand.class, VerifyCommand.class,
            ShrinkCommand.class, CutCommand.class, ConvertCommand.class, SampleCommand.class, CompatCommand.class,
            UpgradeCommand.class, DiffCommand.class, DeterminismCommand.class})
final class ToolRoot implements Runnable {

    @Spec
    CommandSpec spec;

    /**
     * Returns the tool's command line, ready to {@code execute}, its streams picocli's defaults until
     * set ({@link ReplayTool#run} sets them; tests capture them).
     *
     * @return a new command line
     */
    static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new ToolRoot());
        CommandLine.IExecutionStrategy runLast = new CommandLine.RunLast();
        commandLine.setExecutionStrategy(parsed -> {
            try {
                return runLast.execute(parsed);
            } catch (ServiceConfigurationError | LinkageError | StackOverflowError e) {
                // Errors pass picocli's handler by; these are a game jar's, broken at setup (a provider
                // that cannot be loaded, a class missing at run time): one line, as any setup failure.
                List<CommandLine> lines = parsed.asCommandLineList();
                CommandLine line = lines.get(lines.size() - 1);
                return setupFailed(line, new GameCode.Failure("the game", e));
            } catch (RuntimeException e) {
                // Lost output, from a command or from picocli printing help (which would print a stack
                // trace): run reports it once, after the command.
                if (ToolOutput.Lost.in(e) != null) {
                    return ReplayTool.FAILED;
                }
                throw e;
            }
        });
        commandLine.setExecutionExceptionHandler((e, line, parsed) -> {
            PrintWriter err = line.getErr();
            if (e instanceof GameCode.Failure failure) {
                return setupFailed(line, failure);
            }
            if (e instanceof ToolFailure) {
                err.println(ToolText.escape(String.valueOf(e.getMessage())));
                err.flush();
                return notRun(line, ReplayTool.FAILED);
            }
            err.println("replay-tool: internal error: " + ToolText.escape(e.toString()));
            err.flush();
            return notRun(line, ReplayTool.INTERNAL);
        });
        commandLine.setParameterExceptionHandler((e, args) -> {
            CommandLine line = e.getCommandLine();
            PrintWriter err = line.getErr();
            err.println(line.getCommandSpec().qualifiedName() + ": " + ToolText.escape(String.valueOf(e.getMessage()))
                    + " (see --help)");
            err.flush();
            return notRun(line, ReplayTool.USAGE);
        });
        return commandLine;
    }

    /** Reports a game that cannot be set up: one line, and the exit code of a command that could not run. */
    private static int setupFailed(CommandLine line, GameCode.Failure failure) {
        PrintWriter err = line.getErr();
        err.println(line.getCommandSpec().qualifiedName() + ": " + ToolText.escape(String.valueOf(failure.getMessage()))
                + (line.getCommand() instanceof CompatCommand ? " (nothing was run)" : ""));
        err.flush();
        return notRun(line, ReplayTool.USAGE);
    }

    /**
     * The exit code of a command that could not run: {@code compat}'s, {@code upgrade}'s, {@code diff}'s and
     * {@code determinism}'s is always
     * {@link ReplayTool#NOT_RUN}, so that a release gate or {@code git bisect run} never takes a usage error for
     * a replay that broke.
     */
    private static int notRun(CommandLine line, int status) {
        return line.getCommand() instanceof CompatCommand || line.getCommand() instanceof UpgradeCommand
                || line.getCommand() instanceof LockstepCommand
                ? ReplayTool.NOT_RUN : status;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "Missing command: " + String.join(", ", spec.subcommands().keySet()));
    }
}

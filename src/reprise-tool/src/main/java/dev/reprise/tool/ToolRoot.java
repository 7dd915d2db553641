package dev.reprise.tool;

import java.io.PrintWriter;
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

    /**
     * The exit code of a command that could not run: {@code compat}'s is always {@link ReplayTool#NOT_RUN}, so
     * that a release gate or {@code git bisect run} never takes a usage error for a replay that broke.
     */
    private static int notRun(CommandLine line, int status) {
        return line.getCommand() instanceof CompatCommand || line.getCommand() instanceof LockstepCommand
                ? ReplayTool.NOT_RUN : status;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "Missing command: " + String.join(", ", spec.subcommands().keySet()));
    }
}

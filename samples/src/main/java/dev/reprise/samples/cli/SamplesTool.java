package dev.reprise.samples.cli;

import dev.reprise.tool.ReplayTool;
import picocli.CommandLine;

/**
 * The replay tool with the samples' own command added: {@code corpus}, which writes tower replays to try
 * {@code verify} on. Everything else is {@link ReplayTool}.
 */
public final class SamplesTool {

    private SamplesTool() {
    }

    /**
     * Runs the tool and exits with its exit code.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /**
     * Returns the replay tool's command line with {@code corpus} added.
     *
     * @return a new command line
     */
    public static CommandLine commandLine() {
        return ReplayTool.commandLine().addSubcommand(new CorpusCommand());
    }
}

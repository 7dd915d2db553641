package dev.reprise.tool;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the replay tool in the test's thread, its standard output and error caught in writers. */
final class ToolRun {

    private ToolRun() {
    }

    /**
     * Runs the replay tool on {@code args}.
     *
     * @param out where the tool's standard output goes
     * @param err where the tool's standard error goes
     * @param args the command line
     * @return the exit status
     */
    static int run(StringWriter out, StringWriter err, String... args) {
        // The samples' tower game is installed: its ReplayVerifierProvider is on the test class path.
        CommandLine tool = ToolRoot.commandLine();
        tool.setOut(new PrintWriter(out, true));
        tool.setErr(new PrintWriter(err, true));
        return tool.execute(args);
    }
}

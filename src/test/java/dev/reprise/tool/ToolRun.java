package dev.reprise.tool;

import java.io.PrintWriter;
import java.io.StringWriter;
import dev.reprise.samples.cli.SamplesTool;
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
        // The samples' tool: the replay tool and the samples' corpus command, with the tower game installed.
        CommandLine tool = SamplesTool.commandLine();
        tool.setOut(new PrintWriter(out, true));
        tool.setErr(new PrintWriter(err, true));
        return tool.execute(args);
    }
}

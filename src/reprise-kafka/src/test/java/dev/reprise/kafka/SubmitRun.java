package dev.reprise.kafka;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * What one in-process run of {@link SubmitMain} printed and how it ended.
 *
 * @param code its exit code
 * @param out  what it printed on standard output
 * @param err  what it printed on standard error
 */
record SubmitRun(int code, String out, String err) {

    /** Runs {@link SubmitMain} with this environment and these arguments. */
    static SubmitRun of(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = SubmitMain.run(args, env, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new SubmitRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}

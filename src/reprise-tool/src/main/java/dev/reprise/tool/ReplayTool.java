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

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine;

/**
 * A command-line tool for replay files: {@code info}, {@code dump}, {@code check}, {@code verify},
 * {@code shrink}, {@code cut}, {@code convert}, {@code sample}, {@code compat} (does every replay reproduce on
 * the installed build?), {@code upgrade} (a replay of an older build rewritten for the installed one),
 * {@code diff} (where two builds part) and {@code determinism} (where one build parts from itself).
 * {@code verify}, {@code shrink}, {@code compat} and {@code upgrade} play the game a
 * {@link dev.reprise.verify.ReplayVerifierProvider} on the class path provides, or with {@code --builds=DIR}
 * the game jars of a folder ({@code cut} too, to recompute a final state hash, when the file's game is
 * installed). picocli is a dependency of this module only (the core needs none); the runnable jar
 * ({@code target/reprise-tool-<version>-all.jar}) bundles it.
 *
 * <p>Run it with {@code java -jar reprise-tool-<version>-all.jar info file.reprise}, or, to verify a game,
 * {@code java -cp reprise-tool-<version>-all.jar:mygame.jar dev.reprise.tool.ReplayTool verify replays/}.
 * Every bad input is one line on standard error naming the path and the reason, never a stack trace.
 * Exit codes: {@link #OK}, {@link #FAILED}, {@link #USAGE}, {@link #INTERNAL}; {@code compat} and
 * {@code upgrade} use {@link #NOT_RUN} in place of the last two.
 */
public final class ReplayTool {

    /** Exit code: done, every file valid (and, for {@code verify}, every replay {@code VALID}). */
    public static final int OK = 0;

    /**
     * Exit code: an invalid or unreadable file, a path that cannot be written, standard output that
     * cannot be written (a full disk, a closed pipe), a replay not {@code VALID} ({@code verify}), or a
     * replay that is {@code VALID} or cannot be shrunk ({@code shrink}: nothing is written).
     */
    public static final int FAILED = 1;

    /**
     * Exit code: a usage error (an unknown option, a missing or malformed argument), or a game that cannot be
     * set up (no game installed; a game jar that does not load, or whose provider or {@code verifier()}
     * throws, such as a {@link java.util.ServiceConfigurationError}, a {@link NoClassDefFoundError} or a
     * {@link StackOverflowError}, or does not return within {@code --timeout}): one line, no trace.
     */
    public static final int USAGE = 2;

    /** Exit code: a defect in the tool itself (reported as one line, with the exception's class). */
    public static final int INTERNAL = 3;

    /**
     * Exit code of {@code compat} and {@code upgrade}: nothing could run (no game installed, a game that cannot
     * be set up, no replay file found, a usage error), so the replays say nothing of this build. 125 is what
     * {@code git bisect run} takes for "skip this commit". Every command of {@link #main} ends with it too
     * when the process is ended before the command finished (a game calling {@code System.exit}).
     */
    public static final int NOT_RUN = 125;

    private ReplayTool() {
    }

    /**
     * Runs the tool and exits with its exit code.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        // A game's code runs in this process: if it calls System.exit (or a signal ends the process) before
        // the command is done, the exit code must not say the command passed. The hook halts with NOT_RUN then.
        AtomicBoolean done = new AtomicBoolean();
        FileOutputStream err = new FileOutputStream(FileDescriptor.err);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> unfinished(done, err), "replay-tool-exit"));
        // The file descriptors themselves: System.out would swallow a failed write.
        int status = run(new FileOutputStream(FileDescriptor.out), err, args);
        done.set(true);
        System.exit(status);
    }

    /** Ends a process whose command did not finish with {@link #NOT_RUN}, saying so in one line. */
    private static void unfinished(AtomicBoolean done, OutputStream err) {
        if (done.get()) {
            return;
        }
        try {
            err.write(("replay-tool: the process was ended (a game's System.exit, or a signal) before the command "
                    + "finished; exit code " + NOT_RUN + System.lineSeparator()).getBytes(Charset.defaultCharset()));
            err.flush();
        } catch (IOException e) {
            // Standard error is gone: the exit code says it.
        }
        Runtime.getRuntime().halt(NOT_RUN);
    }

    /**
     * Runs the tool, its standard output and error written to the given streams. A write that fails ends
     * the command with {@link #FAILED}: with one line on standard error saying why (a full disk, say),
     * or quietly if standard output is a pipe whose reader is gone (as after {@code | head -1}).
     *
     * @param out  standard output
     * @param err  standard error
     * @param args the command line
     * @return the exit code
     */
    static int run(OutputStream out, OutputStream err, String... args) {
        ToolOutput stdout = new ToolOutput(out, "standard output");
        ToolOutput stderr = new ToolOutput(err, "standard error");
        PrintWriter outWriter = writer(stdout, "stdout", false);
        PrintWriter errWriter = writer(stderr, "stderr", true);
        CommandLine line = ToolRoot.commandLine();
        line.setOut(outWriter);
        line.setErr(errWriter);
        int status;
        try {
            status = line.execute(args);
            if (stdout.lost() == null) {
                outWriter.flush(); // what a command left in the buffer
            }
        } catch (ToolOutput.Lost e) {
            status = FAILED; // recorded by its stream, reported below
        }
        ToolOutput.Lost lost = stdout.lost();
        if (lost == null) {
            return status;
        }
        if (!lost.closedPipe() && stderr.lost() == null) {
            try {
                errWriter.println("replay-tool: " + lost.getMessage());
                errWriter.flush();
            } catch (ToolOutput.Lost e) {
                // Standard error is gone too: the exit code is all that is left to say it.
            }
        }
        return FAILED;
    }

    /** A writer over one of the tool's streams, in the encoding the JVM chose for that stream. */
    private static PrintWriter writer(ToolOutput stream, String name, boolean autoFlush) {
        Charset charset = Charset.defaultCharset();
        // stdout.encoding from Java 19 on; sun.stdout.encoding before, set when the stream is a console.
        String encoding = System.getProperty(name + ".encoding", System.getProperty("sun." + name + ".encoding"));
        if (encoding != null && Charset.isSupported(encoding)) {
            charset = Charset.forName(encoding);
        }
        return new PrintWriter(new BufferedWriter(new OutputStreamWriter(stream, charset)), autoFlush);
    }
}

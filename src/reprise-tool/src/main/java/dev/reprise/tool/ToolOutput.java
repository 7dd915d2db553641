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

import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One of the tool's output streams, which fails loudly: {@code PrintWriter} and {@code PrintStream}
 * swallow write errors, so a command writing to a full disk or into a pipe whose reader is gone would go
 * on and exit 0. Here the first failed write throws {@link Lost}, which ends the command, and every later
 * write throws it again without touching the stream.
 *
 * <p>Not thread-safe: the tool writes each stream from one thread at a time.
 */
final class ToolOutput extends OutputStream {

    private final OutputStream out;
    private final String name;
    private @Nullable Lost lost;

    /**
     * Wraps a stream.
     *
     * @param out  the stream written to
     * @param name what it is, for the message: {@code "standard output"}
     */
    ToolOutput(OutputStream out, String name) {
        this.out = Objects.requireNonNull(out, "out");
        this.name = Objects.requireNonNull(name, "name");
    }

    /** Returns why the stream was lost, or null while it works. */
    @Nullable Lost lost() {
        return lost;
    }

    @Override
    public void write(int b) {
        check();
        try {
            out.write(b);
        } catch (IOException e) {
            throw lose(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) {
        check();
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw lose(e);
        }
    }

    @Override
    public void flush() {
        check();
        try {
            out.flush();
        } catch (IOException e) {
            throw lose(e);
        }
    }

    private void check() {
        if (lost != null) {
            throw lost;
        }
    }

    private Lost lose(IOException e) {
        lost = new Lost(name, e);
        return lost;
    }

    /**
     * An output stream of the tool that can no longer be written: the command ends with
     * {@link ReplayTool#FAILED}, quietly if the stream's reader went away (a closed pipe, as after
     * {@code | head}), else with one line saying why.
     */
    static final class Lost extends RuntimeException {

        private static final long serialVersionUID = 1L;

        Lost(String stream, IOException cause) {
            super("cannot write " + stream + ": " + ToolFiles.reason(cause), cause, false, false);
        }

        /** Tells whether the stream was a pipe whose reader is gone, which is no error for the user. */
        boolean closedPipe() {
            Throwable cause = getCause();
            String message = cause == null ? null : cause.getMessage();
            return message != null && (message.contains("Broken pipe") || message.contains("pipe is being closed")
                    || message.contains("pipe has been ended"));
        }

        /**
         * Returns the {@code Lost} that caused a failure, if one did.
         *
         * @param failure a failure of a command, maybe wrapped (by Reactor, say)
         * @return the output lost, or null if the failure is something else
         */
        static @Nullable Lost in(Throwable failure) {
            for (Throwable t = failure; t != null; t = t.getCause()) {
                if (t instanceof Lost lost) {
                    return lost;
                }
                if (t.getCause() == t) {
                    break;
                }
            }
            return null;
        }
    }
}

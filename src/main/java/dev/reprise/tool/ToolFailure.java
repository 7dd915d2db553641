package dev.reprise.tool;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A failure the tool reports as one line on standard error (no stack trace) before exiting with
 * {@link ReplayTool#FAILED}: the message names the path and the reason, e.g.
 * {@code "missing.reprise: no such file"}.
 */
public final class ToolFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates a failure.
     *
     * @param message the whole line to print, path first
     */
    public ToolFailure(String message) {
        super(message, null, false, false); // a user-facing line: no stack trace is ever printed
    }

    /**
     * Returns the failure for a write that failed, as the tool's own commands word it.
     *
     * @param path where the file was to be written
     * @param cause what failed
     * @return {@code "cannot write <path>: <reason>"}
     */
    public static ToolFailure cannotWrite(Path path, IOException cause) {
        return ToolFiles.cannotWrite(path, cause);
    }
}

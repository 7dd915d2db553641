package dev.reprise.tool;

/**
 * A failure the tool reports as one line on standard error (no stack trace) before exiting with
 * {@link ReplayTool#FAILED}: the message names the path and the reason, e.g.
 * {@code "missing.reprise: no such file"}.
 */
final class ToolFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates a failure.
     *
     * @param message the whole line to print, path first
     */
    ToolFailure(String message) {
        super(message, null, false, false); // a user-facing line: no stack trace is ever printed
    }
}

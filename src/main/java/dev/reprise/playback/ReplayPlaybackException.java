package dev.reprise.playback;

import dev.reprise.ReplayException;

import org.jspecify.annotations.Nullable;

/**
 * Signals that playback failed: a step, a passive handle or a finalizer answered
 * {@link dev.reprise.command.ReplayCommandResult#FAILED}, errored or threw, or a step's code has no
 * command. It names the step, its code and the phase that failed.
 */
public final class ReplayPlaybackException extends ReplayException {

    private static final long serialVersionUID = 1L;

    /** The phase of an active step's {@code execute}. */
    public static final String EXECUTE = "execute";
    /** The phase of a passive step's completion. */
    public static final String PASSIVE = "passive";
    /** The phase of a command's {@code finalizeRun}. */
    public static final String FINALIZE = "finalize";

    private final int stepIndex;
    private final int code;
    private final String phase;

    /**
     * Creates the exception.
     *
     * @param stepIndex the 0-based index of the step that failed (for a finalize: the window's last step)
     * @param code      the step's command code
     * @param phase     {@link #EXECUTE}, {@link #PASSIVE} or {@link #FINALIZE}
     * @param reason    what went wrong, for the message
     * @param cause     the error the command signalled, or {@code null} if it answered {@code FAILED}
     */
    public ReplayPlaybackException(int stepIndex, int code, String phase, String reason, @Nullable Throwable cause) {
        super("Replay step " + stepIndex + " (code " + code + ") failed in " + phase + ": " + reason, cause);
        this.stepIndex = stepIndex;
        this.code = code;
        this.phase = phase;
    }

    /** @return the 0-based index of the step that failed */
    public int stepIndex() {
        return stepIndex;
    }

    /** @return the command code of the step that failed */
    public int code() {
        return code;
    }

    /** @return {@code "execute"}, {@code "passive"} or {@code "finalize"} */
    public String phase() {
        return phase;
    }
}

package dev.reprise.command;

/** Whether a command plays its steps itself or leaves them to someone else. */
public enum ReplayCommandType {
    /** The sandbox calls {@link ReplayCommand#execute} for each step of this code. */
    ACTIVE,
    /**
     * The sandbox never executes steps of this code: it hands them out as
     * {@link PassiveHandle} handles for the active command before them, or any
     * subscriber (an async UI, say), to apply and complete.
     */
    PASSIVE
}

package dev.reprise.samples.tower;

/**
 * Receives every input a player makes, before the game applies it. {@code ReplaySystem::record} fits
 * this interface, so a player can record straight into a Reprise route.
 */
@FunctionalInterface
public interface InputRecorder {

    /**
     * Records one input.
     *
     * @param code an input code from {@link TowerCodes}
     * @param params its params, as {@link TowerCodes} describes them
     */
    void record(int code, Object... params);
}

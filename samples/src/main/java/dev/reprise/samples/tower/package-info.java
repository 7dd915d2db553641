/**
 * A small deterministic tower game in the spirit of the motajs engine, used by the samples to show
 * Reprise recording and replaying a real game.
 *
 * <p>{@link dev.reprise.samples.tower.TowerGame} is the facade: it holds a {@link
 * dev.reprise.samples.tower.Tower} (the floors as designed) and the current {@link
 * dev.reprise.samples.tower.TowerState} (a comparable value with a stable 64-bit hash), and applies
 * inputs described by {@link dev.reprise.samples.tower.TowerCodes}. {@link
 * dev.reprise.samples.tower.TowerGenerator} builds solvable towers from a seed and {@link
 * dev.reprise.samples.tower.TowerBot} plays them, emitting every input through an {@link
 * dev.reprise.samples.tower.InputRecorder}.
 */
@NullMarked
package dev.reprise.samples.tower;

import org.jspecify.annotations.NullMarked;

/**
 * The tower game's Reprise commands and what a replay of the tower needs besides:
 * {@link dev.reprise.samples.tower.replay.TowerCommands} registers them (moves queue and commit in
 * {@code finalizeRun}; TELEPORT, USE_ITEM, EQUIP, UNEQUIP, SHOP and FLY apply at once; CHOICE is
 * passive), {@link dev.reprise.samples.tower.replay.Choices} applies the passive answers,
 * {@link dev.reprise.samples.tower.replay.StateTrail} and
 * {@link dev.reprise.samples.tower.replay.ReplayVerdict} tell whether a replay reproduced the game.
 */
@NullMarked
package dev.reprise.samples.tower.replay;

import org.jspecify.annotations.NullMarked;

package dev.reprise.samples.tower;

/**
 * An open offer waiting for a {@link TowerCodes#CHOICE} input.
 *
 * @param dialog what is offered
 * @param floor the floor of the shop or event tile
 * @param x the column of that tile
 * @param y the row of that tile
 */
public record Choice(Dialog dialog, int floor, int x, int y) {
}

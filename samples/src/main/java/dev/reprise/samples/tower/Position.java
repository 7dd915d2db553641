package dev.reprise.samples.tower;

/**
 * A tile position on a floor, {@code x} growing to the right and {@code y} growing downwards, both
 * 0-based.
 *
 * @param x the column
 * @param y the row
 */
public record Position(int x, int y) {
}

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
package dev.reprise.samples.tower;

import java.util.ArrayList;
import java.util.List;

/**
 * The floors of a tower as designed: an immutable value, shared by every game played on it. Floors are
 * written as text, one line per row, in the legend of {@code Tiles}: {@code #} wall, {@code .} floor,
 * {@code @} hero start, {@code >} and {@code <} stairs, {@code y b r} keys, {@code Y B R} doors,
 * {@code h H a d g e k} items, {@code w u W U} equipment, {@code 0}-{@code 9} monsters, {@code $}
 * shop, {@code A M F} events.
 *
 * <p>Floor 0 holds exactly one {@code @}; every higher floor exactly one {@code <} (where the hero
 * arrives from below); every floor but the top exactly one {@code >} (where the hero arrives from
 * above). All floors have the same size. Thread-safe.
 */
public final class Tower {

    /** The most floors a tower may have. */
    public static final int MAX_FLOORS = 64;

    private final int width;
    private final int height;
    private final char[][] floors;
    private final Position start;
    private final Position[] downstairs;
    private final Position[] upstairs;

    private Tower(int width, int height, char[][] floors, Position start, Position[] downstairs,
            Position[] upstairs) {
        this.width = width;
        this.height = height;
        this.floors = floors;
        this.start = start;
        this.downstairs = downstairs;
        this.upstairs = upstairs;
    }

    /**
     * Parses floors written as text, lowest first.
     *
     * @param floorTexts one string per floor, rows separated by {@code '\n'}
     * @return the tower
     * @throws IllegalArgumentException naming the floor, row and column of the first problem
     */
    public static Tower parse(List<String> floorTexts) {
        if (floorTexts.isEmpty() || floorTexts.size() > MAX_FLOORS) {
            throw new IllegalArgumentException("a tower has 1 to " + MAX_FLOORS + " floors, got " + floorTexts.size());
        }
        String[] firstRows = floorTexts.get(0).strip().split("\n");
        int height = firstRows.length;
        int width = firstRows[0].strip().length();
        int count = floorTexts.size();
        char[][] floors = new char[count][];
        Position start = null;
        Position[] downstairs = new Position[count];
        Position[] upstairs = new Position[count];
        for (int f = 0; f < count; f++) {
            String[] rows = floorTexts.get(f).strip().split("\n");
            if (rows.length != height) {
                throw new IllegalArgumentException("floor " + f + " has " + rows.length + " rows, floor 0 has " + height);
            }
            char[] grid = new char[width * height];
            for (int y = 0; y < height; y++) {
                String row = rows[y].strip();
                if (row.length() != width) {
                    throw new IllegalArgumentException(
                            "floor " + f + " row " + y + " has " + row.length() + " tiles, expected " + width);
                }
                for (int x = 0; x < width; x++) {
                    char symbol = row.charAt(x);
                    Position at = new Position(x, y);
                    if (symbol == Tiles.START) {
                        if (f != 0 || start != null) {
                            throw new IllegalArgumentException("floor " + f + " (" + x + "," + y
                                    + "): '@' must appear exactly once, on floor 0");
                        }
                        start = at;
                        symbol = Tiles.EMPTY;
                    } else if (Tiles.kind(symbol) == null) {
                        throw new IllegalArgumentException(
                                "floor " + f + " (" + x + "," + y + "): unknown tile '" + symbol + "'");
                    } else if (symbol == Tiles.STAIRS_DOWN) {
                        downstairs[f] = unique(downstairs[f], at, f, symbol);
                    } else if (symbol == Tiles.STAIRS_UP) {
                        upstairs[f] = unique(upstairs[f], at, f, symbol);
                    }
                    grid[y * width + x] = symbol;
                }
            }
            floors[f] = grid;
            checkStairs(f, count, downstairs[f], upstairs[f]);
        }
        if (start == null) {
            throw new IllegalArgumentException("floor 0 has no hero start '@'");
        }
        return new Tower(width, height, floors, start, downstairs, upstairs);
    }

    /**
     * Parses floors written as text, lowest first.
     *
     * @param floorTexts one string per floor, rows separated by {@code '\n'}
     * @return the tower
     * @throws IllegalArgumentException naming the floor, row and column of the first problem
     */
    public static Tower parse(String... floorTexts) {
        return parse(List.of(floorTexts));
    }

    private static Position unique(Position seen, Position at, int floor, char symbol) {
        if (seen != null) {
            throw new IllegalArgumentException("floor " + floor + " (" + at.x() + "," + at.y() + "): a second '"
                    + symbol + "', the first is at (" + seen.x() + "," + seen.y() + ")");
        }
        return at;
    }

    private static void checkStairs(int floor, int count, Position down, Position up) {
        if (floor == 0 && down != null) {
            throw new IllegalArgumentException("floor 0 cannot have stairs down '<'");
        }
        if (floor > 0 && down == null) {
            throw new IllegalArgumentException("floor " + floor + " needs stairs down '<'");
        }
        if (floor < count - 1 && up == null) {
            throw new IllegalArgumentException("floor " + floor + " needs stairs up '>'");
        }
        if (floor == count - 1 && up != null) {
            throw new IllegalArgumentException("the top floor " + floor + " cannot have stairs up '>'");
        }
    }

    /**
     * Returns the number of floors.
     *
     * @return at least 1
     */
    public int floors() {
        return floors.length;
    }

    /**
     * Returns the width of every floor in tiles.
     *
     * @return the width
     */
    public int width() {
        return width;
    }

    /**
     * Returns the height of every floor in tiles.
     *
     * @return the height
     */
    public int height() {
        return height;
    }

    /**
     * Returns where the hero starts on floor 0.
     *
     * @return the start
     */
    public Position start() {
        return start;
    }

    /**
     * Returns where the hero stands on arriving at a floor from below (or by flying): the stairs down,
     * or the start on floor 0.
     *
     * @param floor a floor
     * @return the arrival tile
     */
    public Position arrivalFromBelow(int floor) {
        return floor == 0 ? start : downstairs[floor];
    }

    /**
     * Returns where the hero stands on arriving at a floor from above: its stairs up.
     *
     * @param floor a floor below the top
     * @return the arrival tile
     */
    public Position arrivalFromAbove(int floor) {
        return upstairs[floor];
    }

    /**
     * Returns the tile at a position as designed.
     *
     * @param floor a floor
     * @param x a column
     * @param y a row
     * @return the tile symbol
     */
    public char tile(int floor, int x, int y) {
        return floors[floor][y * width + x];
    }

    /**
     * Returns the floors as text in the form {@link #parse(List)} reads.
     *
     * @return one string per floor
     */
    public List<String> toText() {
        List<String> texts = new ArrayList<>(floors.length);
        for (int f = 0; f < floors.length; f++) {
            StringBuilder text = new StringBuilder();
            for (int y = 0; y < height; y++) {
                for (int x = 0; x < width; x++) {
                    boolean isStart = f == 0 && x == start.x() && y == start.y();
                    text.append(isStart ? Tiles.START : tile(f, x, y));
                }
                text.append('\n');
            }
            texts.add(text.toString());
        }
        return texts;
    }

    /** Hands the designed grids to a new game; states copy a grid before changing it. */
    char[][] sharedGrids() {
        return floors.clone();
    }
}

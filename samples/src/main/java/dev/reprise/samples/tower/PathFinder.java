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

import java.util.Arrays;

/** Breadth-first search over the open tiles of the hero's floor; tiles are indexed {@code y * width + x}. */
final class PathFinder {

    private static final int[] DX = {0, 1, 0, -1};
    private static final int[] DY = {-1, 0, 1, 0};

    private PathFinder() {
    }

    /** The result of a search: distance (or -1) and predecessor of every tile. */
    record Reach(int width, int[] distance, int[] previous) {

        boolean reached(int x, int y) {
            return distance[y * width + x] >= 0;
        }

        int distance(int x, int y) {
            return distance[y * width + x];
        }
    }

    /** Distances from the hero over empty tiles and stairs (the rule for TELEPORT). */
    static int[] openDistances(TowerState state) {
        return search(state, true).distance();
    }

    /**
     * Searches from the hero over open tiles. With {@code throughStairs} false, stairs other than the
     * hero's own tile are not entered, as a walking hero would take them.
     */
    static Reach search(TowerState state, boolean throughStairs) {
        int width = state.width();
        int floor = state.floor();
        int[] distance = new int[width * state.height()];
        int[] previous = new int[distance.length];
        Arrays.fill(distance, -1);
        int[] queue = new int[distance.length];
        int head = 0;
        int tail = 0;
        int origin = state.y() * width + state.x();
        distance[origin] = 0;
        previous[origin] = -1;
        queue[tail++] = origin;
        while (head < tail) {
            int at = queue[head++];
            int x = at % width;
            int y = at / width;
            for (int d = 0; d < DX.length; d++) {
                int nx = x + DX[d];
                int ny = y + DY[d];
                if (!state.inside(nx, ny)) {
                    continue;
                }
                int next = ny * width + nx;
                char symbol = state.tile(floor, nx, ny);
                boolean passable = throughStairs ? Tiles.isOpen(symbol) : symbol == Tiles.EMPTY;
                if (distance[next] < 0 && passable) {
                    distance[next] = distance[at] + 1;
                    previous[next] = at;
                    queue[tail++] = next;
                }
            }
        }
        return new Reach(width, distance, previous);
    }

    /** Returns the first tile of a floor holding {@code symbol}, in row order. */
    static Position find(TowerState state, int floor, char symbol) {
        for (int y = 0; y < state.height(); y++) {
            for (int x = 0; x < state.width(); x++) {
                if (state.tile(floor, x, y) == symbol) {
                    return new Position(x, y);
                }
            }
        }
        throw new IllegalStateException("floor " + floor + " has no '" + symbol + "'");
    }
}

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
import java.util.OptionalLong;

/**
 * The bot's view of what is worth walking to on the hero's floor: tiles next to the open area around
 * the hero that hold something to take, a door it has a key for, a monster it beats cheaply, an event,
 * or the shop when it can buy.
 */
final class Targets {

    private static final int[] DX = {0, 1, 0, -1};
    private static final int[] DY = {-1, 0, 1, 0};

    private Targets() {
    }

    /**
     * A tile to act on and the open tile to act from.
     *
     * @param x the target's column
     * @param y the target's row
     * @param from the open tile next to it, index {@code y * width + x}
     * @param distance steps from the hero to {@code from}
     */
    record Target(int x, int y, int from, int distance) {
    }

    /** Returns every nearest worthwhile target, in row order; empty if there is none. */
    static List<Target> nearest(TowerState state, PathFinder.Reach reach) {
        List<Target> best = new ArrayList<>();
        int bestDistance = Integer.MAX_VALUE;
        int width = state.width();
        for (int y = 0; y < state.height(); y++) {
            for (int x = 0; x < width; x++) {
                if (!worthwhile(state, state.tile(state.floor(), x, y))) {
                    continue;
                }
                int from = closestNeighbour(state, reach, x, y);
                if (from < 0 || reach.distance()[from] > bestDistance) {
                    continue;
                }
                if (reach.distance()[from] < bestDistance) {
                    best.clear();
                    bestDistance = reach.distance()[from];
                }
                best.add(new Target(x, y, from, bestDistance));
            }
        }
        return best;
    }

    /** Returns the reached neighbour of (x, y) nearest to the hero, or -1. */
    static int closestNeighbour(TowerState state, PathFinder.Reach reach, int x, int y) {
        int best = -1;
        for (int d = 0; d < DX.length; d++) {
            int nx = x + DX[d];
            int ny = y + DY[d];
            if (state.inside(nx, ny) && reach.reached(nx, ny)) {
                int index = ny * state.width() + nx;
                if (best < 0 || reach.distance()[index] < reach.distance()[best]) {
                    best = index;
                }
            }
        }
        return best;
    }

    static boolean worthwhile(TowerState state, char symbol) {
        return switch (Tiles.kindOnMap(symbol)) {
            case KEY, ITEM, EQUIPMENT, EVENT -> true;
            case DOOR -> state.keys(Tiles.keyColour(symbol)) > 0;
            case SHOP -> state.gold() >= Dialog.shopPrice(state.shopPurchases());
            case MONSTER -> affordable(state, Monster.of(symbol));
            case WALL, EMPTY, STAIRS -> false;
        };
    }

    /** A fight is worth it if it costs nothing or at most a third of the hero's hp. */
    static boolean affordable(TowerState state, Monster monster) {
        OptionalLong damage = Combat.winningDamage(state, monster);
        return damage.isPresent() && (damage.getAsLong() == 0 || damage.getAsLong() * 3 <= state.hp());
    }
}

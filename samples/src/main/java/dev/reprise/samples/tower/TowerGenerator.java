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
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Builds a solvable tower from a seed: the same seed always gives the same tower.
 *
 * <p>Each floor is a 13x13 maze carved from a random spanning tree, so every open tile is reachable.
 * The main path runs from the arrival tile to the stairs up. What is placed on it keeps the floor
 * solvable by construction: every door on it (and at the mouth of every side branch) has its key on
 * the main path before it, and its guards are monsters the hero beats without damage using only the
 * attack and defence gems of the main paths below (the weakest hero that still walks every main path).
 * Side branches hold the rest: potions, gems, gold, equipment, harder monsters, the shop and events.
 */
public final class TowerGenerator {

    /** The width and height of every generated floor. */
    public static final int SIZE = 13;

    /** The floor count of {@link #generate(long)}: enough for the bot to make a few thousand inputs. */
    public static final int DEFAULT_FLOORS = 40;

    private static final int CELLS = (SIZE - 1) / 2;
    private static final int[] DX = {0, 1, 0, -1};
    private static final int[] DY = {-1, 0, 1, 0};

    private TowerGenerator() {
    }

    /**
     * Generates a tower of {@link #DEFAULT_FLOORS} floors.
     *
     * @param seed any seed
     * @return the tower
     */
    public static Tower generate(long seed) {
        return generate(seed, DEFAULT_FLOORS);
    }

    /**
     * Generates a tower.
     *
     * @param seed any seed
     * @param floors the number of floors, 1 to {@link Tower#MAX_FLOORS}
     * @return the tower
     * @throws IllegalArgumentException if {@code floors} is out of range
     */
    public static Tower generate(long seed, int floors) {
        if (floors < 1 || floors > Tower.MAX_FLOORS) {
            throw new IllegalArgumentException("floors must be 1.." + Tower.MAX_FLOORS + ", got " + floors);
        }
        SplittableRandom random = new SplittableRandom(seed);
        int guaranteedAttack = 10;
        int guaranteedDefence = 10;
        List<String> texts = new ArrayList<>(floors);
        for (int f = 0; f < floors; f++) {
            FloorPlan plan = new FloorPlan(random.split(), f, f == floors - 1, guaranteedAttack, guaranteedDefence);
            texts.add(plan.build());
            guaranteedAttack += 2;
            guaranteedDefence += 2;
        }
        return Tower.parse(texts);
    }

    /** One floor under construction. */
    private static final class FloorPlan {

        private final SplittableRandom random;
        private final int floor;
        private final boolean top;
        private final int guardId;
        private final char[] grid = new char[SIZE * SIZE];
        private final List<Integer> mainPath = new ArrayList<>();
        private final int[] junction = new int[SIZE * SIZE];

        FloorPlan(SplittableRandom random, int floor, boolean top, int attack, int defence) {
            this.random = random;
            this.floor = floor;
            this.top = top;
            this.guardId = strongestHarmless(attack, defence);
        }

        /** The strongest monster that cannot hurt a hero with these stats and that the hero can hurt. */
        private static int strongestHarmless(int attack, int defence) {
            int best = 0;
            for (Monster monster : Monster.ALL) {
                if (monster.attack() <= defence && monster.defence() < attack) {
                    best = monster.id();
                }
            }
            return best;
        }

        String build() {
            Arrays.fill(grid, Tiles.WALL);
            int arrival = tileOf(random.nextInt(CELLS), random.nextInt(CELLS));
            carve(arrival);
            layMainPath(arrival);
            grid[arrival] = floor == 0 ? Tiles.START : Tiles.STAIRS_DOWN;
            int end = mainPath.get(mainPath.size() - 1);
            grid[end] = top ? Monster.ALL.get(Math.min(guardId + 3, 9)).symbol() : Tiles.STAIRS_UP;
            furnishMainPath();
            furnishBranches();
            StringBuilder text = new StringBuilder();
            for (int y = 0; y < SIZE; y++) {
                text.append(grid, y * SIZE, SIZE).append('\n');
            }
            return text.toString();
        }

        private static int tileOf(int cx, int cy) {
            return (2 * cy + 1) * SIZE + 2 * cx + 1;
        }

        /** Carves a spanning tree of the cells by randomised depth-first search. */
        private void carve(int from) {
            boolean[] seen = new boolean[SIZE * SIZE];
            int[] stack = new int[SIZE * SIZE];
            int depth = 0;
            stack[depth++] = from;
            seen[from] = true;
            grid[from] = Tiles.EMPTY;
            int[] options = new int[4];
            while (depth > 0) {
                int at = stack[depth - 1];
                int count = 0;
                for (int d = 0; d < 4; d++) {
                    int nx = at % SIZE + 2 * DX[d];
                    int ny = at / SIZE + 2 * DY[d];
                    if (nx > 0 && ny > 0 && nx < SIZE - 1 && ny < SIZE - 1 && !seen[ny * SIZE + nx]) {
                        options[count++] = d;
                    }
                }
                if (count == 0) {
                    depth--;
                    continue;
                }
                int d = options[random.nextInt(count)];
                int wall = at + DY[d] * SIZE + DX[d];
                int next = wall + DY[d] * SIZE + DX[d];
                grid[wall] = Tiles.EMPTY;
                grid[next] = Tiles.EMPTY;
                seen[next] = true;
                stack[depth++] = next;
            }
        }

        /** Finds the farthest tile from the arrival and records the path to it. */
        private void layMainPath(int arrival) {
            int[] previous = new int[SIZE * SIZE];
            int[] distance = bfs(List.of(arrival), previous);
            int far = arrival;
            for (int t = 0; t < distance.length; t++) {
                if (distance[t] > distance[far]) {
                    far = t;
                }
            }
            for (int t = far; t != -1; t = previous[t]) {
                mainPath.add(0, t);
            }
        }

        private int[] bfs(List<Integer> sources, int[] previous) {
            int[] distance = new int[SIZE * SIZE];
            Arrays.fill(distance, -1);
            int[] queue = new int[SIZE * SIZE];
            int tail = 0;
            for (int source : sources) {
                distance[source] = 0;
                previous[source] = -1;
                queue[tail++] = source;
            }
            for (int head = 0; head < tail; head++) {
                int at = queue[head];
                for (int d = 0; d < 4; d++) {
                    int next = at + DY[d] * SIZE + DX[d];
                    if (grid[next] != Tiles.WALL && distance[next] < 0) {
                        distance[next] = distance[at] + 1;
                        previous[next] = at;
                        queue[tail++] = next;
                    }
                }
            }
            return distance;
        }

        private void furnishMainPath() {
            int inner = mainPath.size() - 2;
            if (inner >= 6) {
                int door = 1 + inner / 2 + random.nextInt(inner - inner / 2);
                lockWithKeyBefore(mainPath.get(door), door, floor >= 3 && random.nextBoolean() ? KeyColour.BLUE
                        : KeyColour.YELLOW);
            }
            placeOnMainPath(Item.ATTACK_GEM.symbol(), inner);
            placeOnMainPath(Item.DEFENCE_GEM.symbol(), inner);
            for (int i = 0; i < 2; i++) {
                placeOnMainPath(Monster.ALL.get(guardId).symbol(), inner);
            }
        }

        private void placeOnMainPath(char symbol, int inner) {
            for (int attempt = 0; attempt < 8 && inner > 0; attempt++) {
                int at = mainPath.get(1 + random.nextInt(inner));
                if (grid[at] == Tiles.EMPTY) {
                    grid[at] = symbol;
                    return;
                }
            }
        }

        /** Puts a door on {@code tile} and its key on a free main-path tile before {@code pathIndex}. */
        private boolean lockWithKeyBefore(int tile, int pathIndex, KeyColour colour) {
            List<Integer> free = new ArrayList<>();
            for (int i = 1; i < pathIndex; i++) {
                if (grid[mainPath.get(i)] == Tiles.EMPTY && mainPath.get(i) != tile) {
                    free.add(mainPath.get(i));
                }
            }
            if (free.isEmpty()) {
                return false;
            }
            grid[free.get(random.nextInt(free.size()))] = colour.keySymbol();
            grid[tile] = colour.doorSymbol();
            return true;
        }

        private void furnishBranches() {
            int[] previous = new int[SIZE * SIZE];
            bfs(mainPath, previous);
            List<Integer> roots = new ArrayList<>();
            List<Integer> inner = new ArrayList<>();
            List<Integer> leaves = new ArrayList<>();
            int[] order = bfsOrder(previous);
            for (int t : order) {
                if (mainPath.contains(t)) {
                    junction[t] = mainPath.indexOf(t);
                    continue;
                }
                junction[t] = junction[previous[t]];
                if (mainPath.contains(previous[t])) {
                    roots.add(t);
                } else {
                    inner.add(t);
                }
                if (openNeighbours(t) == 1) {
                    leaves.add(t);
                }
            }
            if (floor % 3 == 1 && !leaves.isEmpty()) {
                int shop = leaves.get(random.nextInt(leaves.size()));
                grid[shop] = Dialog.SHOP.symbol();
                roots.remove((Integer) shop);
                inner.remove((Integer) shop);
            }
            for (int root : roots) {
                guardBranch(root);
            }
            for (char forced : forcedTreasures()) {
                List<Integer> free = inner.stream().filter(t -> grid[t] == Tiles.EMPTY).toList();
                if (!free.isEmpty()) {
                    grid[free.get(random.nextInt(free.size()))] = forced;
                }
            }
            for (int t : inner) {
                if (grid[t] == Tiles.EMPTY) {
                    grid[t] = randomTreasure();
                }
            }
        }

        private int[] bfsOrder(int[] previous) {
            int[] distance = bfs(mainPath, previous);
            List<Integer> open = new ArrayList<>();
            for (int t = 0; t < distance.length; t++) {
                if (distance[t] >= 0) {
                    open.add(t);
                }
            }
            open.sort((a, b) -> distance[a] != distance[b] ? distance[a] - distance[b] : a - b);
            return open.stream().mapToInt(Integer::intValue).toArray();
        }

        private int openNeighbours(int t) {
            int count = 0;
            for (int d = 0; d < 4; d++) {
                count += grid[t + DY[d] * SIZE + DX[d]] != Tiles.WALL ? 1 : 0;
            }
            return count;
        }

        /** The mouth of a side branch: a door (key on the main path before it), a monster, or nothing. */
        private void guardBranch(int root) {
            int roll = random.nextInt(100);
            if (roll < 35) {
                KeyColour colour = floor >= 4 && roll < 5 ? KeyColour.RED
                        : floor >= 2 && roll < 15 ? KeyColour.BLUE : KeyColour.YELLOW;
                lockWithKeyBefore(root, junction[root], colour);
            } else if (roll < 70) {
                grid[root] = monsterNear(guardId, 2);
            }
        }

        private List<Character> forcedTreasures() {
            List<Character> forced = new ArrayList<>();
            Equipment[] byFloor = {null, Equipment.IRON_SWORD, Equipment.IRON_SHIELD, null, null,
                Equipment.SILVER_SWORD, null, Equipment.SILVER_SHIELD};
            if (floor < byFloor.length && byFloor[floor] != null) {
                forced.add(byFloor[floor].symbol());
            }
            Dialog[] events = {Dialog.FAIRY, Dialog.MERCHANT, Dialog.ALTAR};
            forced.add(events[floor % events.length].symbol());
            if (floor % 2 == 1) {
                forced.add(Item.ELIXIR.symbol());
            }
            if (floor % 4 == 2) {
                forced.add(Item.KEY_BUNDLE.symbol());
            }
            return forced;
        }

        private char randomTreasure() {
            int roll = random.nextInt(100);
            if (roll < 14) {
                return Item.RED_POTION.symbol();
            } else if (roll < 18) {
                return Item.BLUE_POTION.symbol();
            } else if (roll < 25) {
                return Item.ATTACK_GEM.symbol();
            } else if (roll < 32) {
                return Item.DEFENCE_GEM.symbol();
            } else if (roll < 40) {
                return Item.GOLD_BAG.symbol();
            } else if (roll < 58) {
                return monsterNear(guardId + 1, 2);
            } else if (roll < 60) {
                return Item.ELIXIR.symbol();
            } else if (roll < 64) {
                Dialog[] events = {Dialog.ALTAR, Dialog.MERCHANT, Dialog.FAIRY};
                return events[random.nextInt(events.length)].symbol();
            }
            return Tiles.EMPTY;
        }

        private char monsterNear(int id, int spread) {
            int pick = id - 1 + random.nextInt(spread + 2);
            return Monster.ALL.get(Math.max(0, Math.min(9, pick))).symbol();
        }
    }
}

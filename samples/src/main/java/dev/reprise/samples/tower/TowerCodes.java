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

import dev.reprise.command.ReplayCode;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every input of the tower game as a Reprise command code with its params. Codes 0 to 7 are Reprise's
 * built-in {@link ReplayCode}s; the game's own codes start at {@link #CHOICE} = 16. Codes are part of
 * the route format: never renumber one.
 *
 * <table>
 *   <caption>Inputs</caption>
 *   <tr><th>code</th><th>name</th><th>params</th><th>step</th></tr>
 *   <tr><td>0-3</td><td>UP, RIGHT, DOWN, LEFT</td><td>none</td><td>active; queued in a run, committed by the finalizer</td></tr>
 *   <tr><td>4</td><td>TELEPORT</td><td>x, y</td><td>active</td></tr>
 *   <tr><td>5</td><td>USE_ITEM</td><td>item number</td><td>active</td></tr>
 *   <tr><td>6</td><td>EQUIP</td><td>uid, slot, autoUnload (boolean)</td><td>active</td></tr>
 *   <tr><td>7</td><td>UNEQUIP</td><td>slot</td><td>active</td></tr>
 *   <tr><td>16</td><td>CHOICE</td><td>option index</td><td>passive: answers the choice its active step opened</td></tr>
 *   <tr><td>17</td><td>SHOP</td><td>floor of a visited shop</td><td>active; opens a choice</td></tr>
 *   <tr><td>18</td><td>FLY</td><td>floor reached before</td><td>active</td></tr>
 * </table>
 */
public final class TowerCodes {

    /** Move one tile up; no params. */
    public static final int UP = ReplayCode.UP;
    /** Move one tile right; no params. */
    public static final int RIGHT = ReplayCode.RIGHT;
    /** Move one tile down; no params. */
    public static final int DOWN = ReplayCode.DOWN;
    /** Move one tile left; no params. */
    public static final int LEFT = ReplayCode.LEFT;
    /** Teleport on the current floor to an open tile reachable over open tiles; params {@code x, y}. */
    public static final int TELEPORT = ReplayCode.TELEPORT;
    /** Use an inventory item; param {@code itemNumber} (see {@link Item#number()}). */
    public static final int USE_ITEM = ReplayCode.USE_ITEM;
    /** Wear equipment from the bag; params {@code uid, slot, autoUnload}. */
    public static final int EQUIP = ReplayCode.EQUIP;
    /** Take off the equipment in a slot; param {@code slot}. */
    public static final int UNEQUIP = ReplayCode.UNEQUIP;
    /** Answer the open choice; param {@code option} (index into {@link Dialog#options()}). Passive. */
    public static final int CHOICE = 16;
    /** Open the shop of a visited floor from anywhere; param {@code floor}. Opens a choice. */
    public static final int SHOP = 17;
    /** Fly to the arrival tile of a floor reached before; param {@code floor}. */
    public static final int FLY = 18;

    private static final InputSpec.Param X = new InputSpec.Param("x", Integer.class);
    private static final InputSpec.Param Y = new InputSpec.Param("y", Integer.class);
    private static final InputSpec.Param SLOT = new InputSpec.Param("slot", Integer.class);
    private static final InputSpec.Param FLOOR = new InputSpec.Param("floor", Integer.class);

    private static final Map<Integer, InputSpec> SPECS;

    static {
        Map<Integer, InputSpec> specs = new LinkedHashMap<>();
        for (int move = UP; move <= LEFT; move++) {
            specs.put(move, new InputSpec(move, ReplayCode.nameOf(move).orElseThrow(), List.of(), false));
        }
        specs.put(TELEPORT, new InputSpec(TELEPORT, "TELEPORT", List.of(X, Y), false));
        specs.put(USE_ITEM, new InputSpec(USE_ITEM, "USE_ITEM",
                List.of(new InputSpec.Param("itemNumber", Integer.class)), false));
        specs.put(EQUIP, new InputSpec(EQUIP, "EQUIP", List.of(new InputSpec.Param("uid", Integer.class), SLOT,
                new InputSpec.Param("autoUnload", Boolean.class)), false));
        specs.put(UNEQUIP, new InputSpec(UNEQUIP, "UNEQUIP", List.of(SLOT), false));
        specs.put(CHOICE, new InputSpec(CHOICE, "CHOICE", List.of(new InputSpec.Param("option", Integer.class)), true));
        specs.put(SHOP, new InputSpec(SHOP, "SHOP", List.of(FLOOR), false));
        specs.put(FLY, new InputSpec(FLY, "FLY", List.of(FLOOR), false));
        SPECS = Collections.unmodifiableMap(specs);
    }

    private TowerCodes() {
    }

    /**
     * Returns the spec of every input, in code order.
     *
     * @return an unmodifiable collection
     */
    public static Collection<InputSpec> all() {
        return SPECS.values();
    }

    /**
     * Returns the spec of a code.
     *
     * @param code a code
     * @return the spec
     * @throws TowerInputException if the game has no such input
     */
    public static InputSpec spec(int code) {
        InputSpec spec = SPECS.get(code);
        if (spec == null) {
            throw new TowerInputException("unknown tower input code " + code + "; known codes are " + SPECS.keySet());
        }
        return spec;
    }

    /**
     * Returns the name of a code.
     *
     * @param code a code
     * @return its name, or {@code "code <n>"} if the game has no such input
     */
    public static String nameOf(int code) {
        InputSpec spec = SPECS.get(code);
        return spec == null ? "code " + code : spec.name();
    }

    /**
     * Tells whether a code is one of the four moves.
     *
     * @param code a code
     * @return {@code true} for {@link #UP}, {@link #RIGHT}, {@link #DOWN} and {@link #LEFT}
     */
    public static boolean isMove(int code) {
        return code >= UP && code <= LEFT;
    }

    /**
     * Tells whether a code is recorded as a passive step.
     *
     * @param code a code
     * @return {@code true} for {@link #CHOICE}
     */
    public static boolean isPassive(int code) {
        InputSpec spec = SPECS.get(code);
        return spec != null && spec.passive();
    }

    /**
     * Returns the move code leading from one tile to a neighbour.
     *
     * @param dx -1, 0 or 1
     * @param dy -1, 0 or 1, with exactly one of {@code dx} and {@code dy} non-zero
     * @return a move code
     */
    public static int moveCode(int dx, int dy) {
        if (dy == -1 && dx == 0) {
            return UP;
        }
        if (dx == 1 && dy == 0) {
            return RIGHT;
        }
        if (dy == 1 && dx == 0) {
            return DOWN;
        }
        if (dx == -1 && dy == 0) {
            return LEFT;
        }
        throw new IllegalArgumentException("not a single step: (" + dx + "," + dy + ")");
    }

    /**
     * Returns the column change of a move.
     *
     * @param move a move code
     * @return -1, 0 or 1
     */
    public static int dx(int move) {
        return move == RIGHT ? 1 : move == LEFT ? -1 : 0;
    }

    /**
     * Returns the row change of a move.
     *
     * @param move a move code
     * @return -1, 0 or 1
     */
    public static int dy(int move) {
        return move == DOWN ? 1 : move == UP ? -1 : 0;
    }
}

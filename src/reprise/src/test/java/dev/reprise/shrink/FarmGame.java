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
package dev.reprise.shrink;

import dev.reprise.command.ReplayCommand;
import dev.reprise.desync.StateHashCheck;
import dev.reprise.desync.StateHashRecorder;
import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.IntConsumer;

/**
 * A farming sim, strict as real games are: an input that is impossible in the state it comes in (water a
 * plot with nothing planted, harvest a crop that is not ripe, plant where a crop stands) throws an
 * {@link IllegalStateException}. A crop is planted, watered and grown by a day's wait three times, then
 * harvested into the barn, which holds {@value #BARN} crops; selling one makes room. On the build with the
 * bug a harvest into a full barn is taken anyway; on the fixed build the crop stays in the field. The
 * {@linkplain #lenient lenient adapter} of the same game skips impossible inputs instead of throwing.
 *
 * <p>A player's bug report ({@link #report}) is a long seeded session: crops planted on eight plots,
 * tended and sold for thousands of steps, then five harvests without a sale, the last into a full barn.
 * Every crop's inputs depend on each other (no water without a plant, no harvest without three days of
 * water), so in the strict game removing one input makes later ones impossible.
 */
final class FarmGame extends KitGame {

    static final String GAME_ID = "farm";
    static final int PLANT = 1;
    static final int WATER = 2;
    static final int WAIT = 3;
    static final int HARVEST = 4;
    static final int SELL = 5;
    static final int HASH = 9;
    /** The crops the barn holds. */
    static final int BARN = 4;
    /** The days of water a crop needs to ripen. */
    static final int GROWTH = 3;
    static final int PLOTS = 8;
    /** What a seed costs, and what the farm starts with. */
    static final int SEED = 2;
    static final int START_COINS = 4;
    /** The invariant the bug breaks. */
    static final String BARN_HOLDS = "the barn holds at most " + BARN + " crops";

    private final boolean buggy;
    private final boolean strict;
    private final boolean invariantThrows;
    /** Per plot: -1 empty, else the days of water the crop had; {@value #GROWTH} is ripe. */
    private final int[] stage = new int[PLOTS];
    private final boolean[] watered = new boolean[PLOTS];
    private int barn;
    private int coins;
    private int days;

    private FarmGame(boolean buggy, boolean strict, boolean invariantThrows) {
        this.buggy = buggy;
        this.strict = strict;
        this.invariantThrows = invariantThrows;
        reset();
        system.registerCommand(PLANT, "plant", command(this::plant));
        system.registerCommand(WATER, "water", command(this::water));
        system.registerCommand(WAIT, "wait", command(plot -> waitADay()));
        system.registerCommand(HARVEST, "harvest", command(this::harvest));
        system.registerCommand(SELL, "sell", command(plot -> sell()));
        system.registerCommand(HASH, "hash", new StateHashCheck(this::hash));
    }

    /** The strict build with the bug. */
    static FarmGame buggy(ReplayFile file) {
        return new FarmGame(true, true, false);
    }

    /** The strict build without the bug. */
    static FarmGame fixed(ReplayFile file) {
        return new FarmGame(false, true, false);
    }

    /** The build with the bug behind a lenient adapter: impossible inputs are skipped. */
    static FarmGame lenient(ReplayFile file) {
        return new FarmGame(true, false, false);
    }

    /**
     * The strict build with the bug, its invariant checked inside every command, as a user wraps commands
     * when the tool cannot check invariants: a broken one throws the same {@link IllegalStateException} as an
     * impossible input, with another message.
     */
    static FarmGame buggyCheckingInCommands(ReplayFile file) {
        return new FarmGame(true, true, true);
    }

    /**
     * Records a player's session on the build with the bug: {@code length} steps of tending the farm, a
     * state-hash step every 50 inputs, ending with the harvest into a full barn.
     *
     * @param length about how many steps
     * @param seed   the player's random seed
     * @return the bug report
     */
    static ReplayFile report(int length, long seed) {
        FarmGame game = new FarmGame(true, true, false);
        StateHashRecorder recorder = new StateHashRecorder(game.system, HASH, 50, game::hash);
        SplittableRandom random = new SplittableRandom(seed);
        ReplayArray route = game.system.array();
        while (route.length() < length) {
            int plot = random.nextInt(PLOTS);
            int roll = random.nextInt(10);
            if (roll < 2 && game.barn > 0 && (game.barn >= BARN - 1 || random.nextBoolean())) {
                game.record(recorder, SELL, 0);
            } else if (roll < 4 && game.stage[plot] < 0 && game.coins >= SEED) {
                game.record(recorder, PLANT, plot);
            } else if (roll < 7 && game.stage[plot] >= 0 && game.stage[plot] < GROWTH && !game.watered[plot]) {
                game.record(recorder, WATER, plot);
            } else if (roll < 8 && game.stage[plot] == GROWTH && game.barn < BARN - 1) {
                game.record(recorder, HARVEST, plot);
            } else if (roll >= 8) {
                game.record(recorder, WAIT, 0);
            }
        }
        // The end of the session: no more sales, every crop tended until the barn overflows.
        while (game.barn <= BARN) {
            for (int plot = 0; plot < PLOTS && game.barn <= BARN; plot++) {
                if (game.stage[plot] == GROWTH) {
                    game.record(recorder, HARVEST, plot);
                } else if (game.stage[plot] < 0 && game.coins >= SEED) {
                    game.record(recorder, PLANT, plot);
                } else if (!game.watered[plot]) {
                    game.record(recorder, WATER, plot);
                }
            }
            if (game.barn <= BARN) {
                game.record(recorder, WAIT, 0);
            }
        }
        return ReplayFile.builder(game.system.saveState()).gameId(GAME_ID).gameBuild("1.0")
                .dictionary(game.system.commandDictionary()).build();
    }

    private void record(StateHashRecorder recorder, int code, int plot) {
        if (code == WAIT || code == SELL) {
            recorder.record(code);
        } else {
            recorder.record(code, plot);
        }
        switch (code) {
            case PLANT -> plant(plot);
            case WATER -> water(plot);
            case WAIT -> waitADay();
            case HARVEST -> harvest(plot);
            default -> sell();
        }
    }

    private ReplayCommand command(IntConsumer input) {
        return ReplayCommand.sync(step -> {
            input.accept(step.params().isEmpty() ? 0 : step.intParam(0));
            if (invariantThrows && !barnHolds()) {
                throw new IllegalStateException("the barn holds " + barn + " crops, more than " + BARN);
            }
        });
    }

    private void plant(int plot) {
        if (possible(stage[plot] < 0, "plot " + plot + " is not empty")
                && possible(coins >= SEED, "a seed costs " + SEED + " coins, the farm has " + coins)) {
            stage[plot] = 0;
            coins -= SEED;
        }
    }

    private void water(int plot) {
        if (possible(stage[plot] >= 0 && stage[plot] < GROWTH && !watered[plot], "plot " + plot
                + " has no dry crop to water")) {
            watered[plot] = true;
        }
    }

    private void waitADay() {
        days++;
        for (int plot = 0; plot < PLOTS; plot++) {
            if (watered[plot]) {
                stage[plot]++;
                watered[plot] = false;
            }
        }
    }

    private void harvest(int plot) {
        if (possible(stage[plot] == GROWTH, "plot " + plot + " has no ripe crop")
                && (buggy || barn < BARN)) {
            stage[plot] = -1;
            barn++;
        }
    }

    private void sell() {
        if (possible(barn > 0, "the barn is empty")) {
            barn--;
            coins += 3;
        }
    }

    /** In the strict game an impossible input throws; the lenient adapter skips it. */
    private boolean possible(boolean possible, String otherwise) {
        if (!possible && strict) {
            throw new IllegalStateException(otherwise);
        }
        return possible;
    }

    /** The invariant: the barn never holds more than it can. */
    boolean barnHolds() {
        return barn <= BARN;
    }

    @Override
    void reset() {
        Arrays.fill(stage, -1);
        Arrays.fill(watered, false);
        barn = 0;
        coins = START_COINS;
        days = 0;
    }

    long hash() {
        return ((Arrays.hashCode(stage) * 31L + Arrays.hashCode(watered)) * 31 + barn) * 31 + coins + 7L * days;
    }

    @Override
    public String toString() {
        return "day " + days + ", barn " + barn + ", coins " + coins + ", plots " + Arrays.toString(stage);
    }
}

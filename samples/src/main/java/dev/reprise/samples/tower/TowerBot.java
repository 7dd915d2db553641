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
import java.util.Objects;
import java.util.SplittableRandom;
import org.jspecify.annotations.Nullable;

/**
 * A deterministic player: from the same seed on the same tower it makes exactly the same inputs.
 *
 * <p>On each floor it repeatedly walks (breadth-first) to the nearest worthwhile tile (items, keys,
 * doors it can open, monsters it beats for at most a third of its hp, events, the shop when it can
 * buy), sometimes teleporting along long paths; it answers every choice, drinks elixirs when low,
 * opens key bundles, wears better equipment, shops from afar when rich, flies back to lower floors
 * whose leftovers it can now handle, then takes the stairs up. When no floor has anything left for it
 * it flies back to the entrance. Every input goes to the {@link InputRecorder} first and is then
 * applied to the game (record, then execute).
 */
public final class TowerBot {

    /** The default most inputs a bot makes before it stops, whatever is left to do. */
    public static final int DEFAULT_INPUT_LIMIT = 100_000;

    private static final int LOW_HP = 500;

    private final TowerGame game;
    private final SplittableRandom random;
    private final int inputLimit;
    private @Nullable InputRecorder recorder;
    private int inputs;
    private int replacements;

    /**
     * Creates a bot.
     *
     * @param game the game to play, from its current state
     * @param seed the seed of every random decision
     */
    public TowerBot(TowerGame game, long seed) {
        this(game, seed, DEFAULT_INPUT_LIMIT);
    }

    /**
     * Creates a bot that stops after a number of inputs.
     *
     * @param game the game to play, from its current state
     * @param seed the seed of every random decision
     * @param inputLimit the most inputs to make, at least 1
     */
    public TowerBot(TowerGame game, long seed, int inputLimit) {
        if (inputLimit < 1) {
            throw new IllegalArgumentException("inputLimit must be positive, got " + inputLimit);
        }
        this.game = Objects.requireNonNull(game, "game");
        this.random = new SplittableRandom(seed);
        this.inputLimit = inputLimit;
    }

    /**
     * What a game played by the bot came to.
     *
     * @param inputs inputs made
     * @param highestFloor the highest floor reached
     * @param finalState the state at the end
     */
    public record Run(int inputs, int highestFloor, TowerState finalState) {
    }

    /**
     * Plays until nothing is left to do (or the input limit is reached).
     *
     * @param sink receives every input before it is applied
     * @return the run
     * @throws IllegalStateException if this bot has already played
     */
    public Run play(InputRecorder sink) {
        Objects.requireNonNull(sink, "sink");
        if (recorder != null) {
            throw new IllegalStateException("a bot plays once; create a new bot for another game");
        }
        this.recorder = sink;
        while (inputs < inputLimit && turn()) {
            // each turn makes at least one input or ends the game
        }
        if (state().floor() != 0 && inputs < inputLimit) {
            emit(TowerCodes.FLY, 0);
        }
        return new Run(inputs, state().highestFloor(), state());
    }

    private TowerState state() {
        return game.state();
    }

    /** One decision; returns false when the bot has nothing left to do. */
    private boolean turn() {
        if (lookAfterHero()) {
            return true;
        }
        PathFinder.Reach reach = PathFinder.search(state(), false);
        List<Targets.Target> nearest = Targets.nearest(state(), reach);
        if (!nearest.isEmpty()) {
            Targets.Target target = nearest.get(random.nextInt(nearest.size()));
            walkTo(reach, target.from());
            act(stepToward(target.from(), target.x(), target.y()));
            return true;
        }
        int leftovers = floorWithLeftovers();
        if (leftovers >= 0) {
            emit(TowerCodes.FLY, leftovers);
            return true;
        }
        if (state().floor() < state().highestFloor()) {
            emit(TowerCodes.FLY, state().highestFloor());
            return true;
        }
        return climb(reach);
    }

    /** Drinks, opens key bundles, wears better equipment and shops from afar; true if it did something. */
    private boolean lookAfterHero() {
        TowerState s = state();
        if (s.hp() < LOW_HP && s.itemCount(Item.ELIXIR) > 0) {
            emit(TowerCodes.USE_ITEM, Item.ELIXIR.number());
            return true;
        }
        if (s.itemCount(Item.KEY_BUNDLE) > 0) {
            emit(TowerCodes.USE_ITEM, Item.KEY_BUNDLE.number());
            return true;
        }
        for (int slot = 0; slot < Equipment.SLOTS; slot++) {
            Equipment better = betterInBag(s, slot);
            if (better != null) {
                wear(better, slot, s.equipped(slot) != null);
                return true;
            }
        }
        for (int f = 0; f < s.floors(); f++) {
            if (s.visitedShop(f) && s.gold() >= 2 * Dialog.shopPrice(s.shopPurchases())) {
                emit(TowerCodes.SHOP, f);
                answer();
                return true;
            }
        }
        return false;
    }

    private static @Nullable Equipment betterInBag(TowerState s, int slot) {
        Equipment worn = s.equipped(slot);
        int wornBonus = worn == null ? 0 : worn.attack() + worn.defence();
        Equipment best = null;
        for (Equipment piece : Equipment.values()) {
            int bonus = piece.attack() + piece.defence();
            if (piece.slot() == slot && s.bagCount(piece) > 0 && bonus > wornBonus) {
                best = piece;
                wornBonus = bonus;
            }
        }
        return best;
    }

    /** Replacing worn equipment alternates between unequipping first and letting EQUIP unload it. */
    private void wear(Equipment piece, int slot, boolean occupied) {
        boolean unloadFirst = occupied && replacements++ % 2 == 0;
        if (unloadFirst) {
            emit(TowerCodes.UNEQUIP, slot);
        }
        emit(TowerCodes.EQUIP, piece.uid(), slot, occupied && !unloadFirst);
    }

    /** Walks (or teleports, on long paths) to the open tile {@code goal}. */
    private void walkTo(PathFinder.Reach reach, int goal) {
        int width = state().width();
        if (reach.distance()[goal] >= 4 && random.nextInt(4) == 0) {
            emit(TowerCodes.TELEPORT, goal % width, goal / width);
            return;
        }
        int from = state().y() * width + state().x();
        List<Integer> path = new ArrayList<>();
        for (int at = goal; at != from; at = reach.previous()[at]) {
            path.add(0, at);
        }
        for (int next : path) {
            emit(stepToward(from, next % width, next / width));
            from = next;
        }
    }

    private int stepToward(int from, int x, int y) {
        int width = state().width();
        return TowerCodes.moveCode(x - from % width, y - from / width);
    }

    /** Steps into a target and answers the choice it may open. */
    private void act(int move) {
        if (emit(move) == Outcome.CHOICE_OPENED) {
            answer();
        }
    }

    /** Answers the open choice; for the shop, buys while it can, then leaves. */
    private void answer() {
        Dialog dialog = state().choice().orElseThrow().dialog();
        switch (dialog) {
            case SHOP -> {
                while (state().gold() >= Dialog.shopPrice(state().shopPurchases())) {
                    int roll = random.nextInt(10);
                    emit(TowerCodes.CHOICE, roll < 4 ? 0 : roll < 8 ? 1 : 2);
                }
                emit(TowerCodes.CHOICE, 3);
            }
            case ALTAR -> emit(TowerCodes.CHOICE, state().hp() > 3 * Dialog.ALTAR_COST ? random.nextInt(2) : 2);
            case MERCHANT -> {
                int option = random.nextInt(3);
                boolean buy = random.nextBoolean() && state().gold() >= Dialog.merchantPrice(option);
                emit(TowerCodes.CHOICE, buy ? option : 3);
            }
            case FAIRY -> emit(TowerCodes.CHOICE, random.nextInt(3));
        }
    }

    /** Returns the lowest other floor with something now worth doing from its arrival tile, or -1. */
    private int floorWithLeftovers() {
        TowerState s = state();
        for (int f = 0; f <= s.highestFloor(); f++) {
            if (f == s.floor()) {
                continue;
            }
            TowerState probe = s.copy();
            Position arrival = game.tower().arrivalFromBelow(f);
            probe.moveTo(f, arrival.x(), arrival.y());
            if (!Targets.nearest(probe, PathFinder.search(probe, false)).isEmpty()) {
                return f;
            }
        }
        return -1;
    }

    /** Walks onto the stairs up; false if there are none within reach. */
    private boolean climb(PathFinder.Reach reach) {
        TowerState s = state();
        if (s.floor() == s.floors() - 1) {
            return false;
        }
        Position stairs = game.tower().arrivalFromAbove(s.floor());
        int from = Targets.closestNeighbour(s, reach, stairs.x(), stairs.y());
        if (from < 0) {
            return false;
        }
        walkTo(reach, from);
        emit(stepToward(from, stairs.x(), stairs.y()));
        return true;
    }

    private Outcome emit(int code, Object... params) {
        Objects.requireNonNull(recorder, "the bot emits only while it plays").record(code, params);
        inputs++;
        return game.apply(code, params);
    }
}

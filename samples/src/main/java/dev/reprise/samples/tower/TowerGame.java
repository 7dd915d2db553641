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
import java.util.Map;
import java.util.Objects;

/**
 * A game of the tower: applies inputs to the current {@link TowerState}. The same input applied to
 * equal states always gives equal states, and a rejected input ({@link TowerInputException}, {@link
 * TowerRuleException}) changes nothing.
 *
 * <p>Moves can be applied at once ({@link #apply}) or queued ({@link #queueMove}) and committed later
 * ({@link #commitMoves}); the committed result equals applying the moves one by one. This mirrors
 * playback, where a run of same-code move steps is queued by the command and committed in its
 * finalizer when the run ends. Any other input first commits the queued moves, so queued moves can
 * never be overtaken.
 *
 * <p>While a {@link Choice} is open (after stepping onto an event, bumping into the shop, or {@link
 * TowerCodes#SHOP}), only {@link TowerCodes#CHOICE} is accepted.
 *
 * <p>Not thread-safe: one game loop drives a game. The states it hands out never change.
 */
public final class TowerGame {

    private static final Map<Integer, TowerAction> ACTIONS = Map.of(
            TowerCodes.TELEPORT, TravelRules::teleport,
            TowerCodes.FLY, TravelRules::fly,
            TowerCodes.USE_ITEM, InventoryRules::useItem,
            TowerCodes.EQUIP, InventoryRules::equip,
            TowerCodes.UNEQUIP, InventoryRules::unequip,
            TowerCodes.CHOICE, ChoiceRules::choose,
            TowerCodes.SHOP, ChoiceRules::openShop);

    private final Tower tower;
    private TowerState state;
    private int[] queue = new int[16];
    private int queued;

    /**
     * Starts a game at the start of a tower.
     *
     * @param tower the tower, not {@code null}
     */
    public TowerGame(Tower tower) {
        this.tower = Objects.requireNonNull(tower, "tower");
        this.state = TowerState.initial(tower);
    }

    /**
     * Returns the tower played.
     *
     * @return the tower
     */
    public Tower tower() {
        return tower;
    }

    /**
     * Returns the current state; queued moves are not in it until committed.
     *
     * @return an unchanging snapshot
     */
    public TowerState state() {
        return state;
    }

    /**
     * Returns the state at the start of this game's tower.
     *
     * @return a fresh initial state
     */
    public TowerState initialState() {
        return TowerState.initial(tower);
    }

    /**
     * Replaces the current state and drops queued moves, e.g. to rewind before a replay.
     *
     * @param snapshot a state of a game on the same tower (from {@link #state()} or {@link #initialState()})
     * @throws IllegalArgumentException if the snapshot has another floor count or size
     */
    public void reset(TowerState snapshot) {
        if (snapshot.floors() != tower.floors() || snapshot.width() != tower.width()
                || snapshot.height() != tower.height()) {
            throw new IllegalArgumentException("the snapshot is of another tower: " + snapshot.floors() + " floors of "
                    + snapshot.width() + "x" + snapshot.height());
        }
        state = snapshot;
        queued = 0;
    }

    /**
     * Applies one input, after committing any queued moves.
     *
     * @param code an input code from {@link TowerCodes}
     * @param params its params
     * @return what the input did
     * @throws TowerInputException if the code is unknown or the params do not fit it
     * @throws TowerRuleException if a queued move or the input breaks a rule; nothing changes
     */
    public Outcome apply(int code, List<Object> params) {
        TowerCodes.spec(code).check(params);
        TowerState working = state.copy();
        replayQueue(working);
        Outcome outcome = applyChecked(working, code, params);
        state = working;
        queued = 0;
        return outcome;
    }

    /**
     * Applies one input, after committing any queued moves.
     *
     * @param code an input code from {@link TowerCodes}
     * @param params its params
     * @return what the input did
     * @throws TowerInputException if the code is unknown or the params do not fit it
     * @throws TowerRuleException if a queued move or the input breaks a rule; nothing changes
     */
    public Outcome apply(int code, Object... params) {
        return apply(code, Arrays.asList(params));
    }

    /**
     * Queues a move without touching the state; a finalizer commits the run with {@link #commitMoves()}.
     *
     * @param move {@link TowerCodes#UP}, {@link TowerCodes#RIGHT}, {@link TowerCodes#DOWN} or {@link TowerCodes#LEFT}
     * @throws TowerInputException if {@code move} is not a move
     */
    public void queueMove(int move) {
        if (!TowerCodes.isMove(move)) {
            throw new TowerInputException("only moves (codes 0..3) can be queued, got " + move);
        }
        if (queued == queue.length) {
            queue = Arrays.copyOf(queue, queued * 2);
        }
        queue[queued++] = move;
    }

    /**
     * Returns how many moves are queued.
     *
     * @return at least 0
     */
    public int queuedMoves() {
        return queued;
    }

    /**
     * Applies every queued move in order, as if each had been applied alone, and empties the queue.
     *
     * @return the outcome of each move, in order; empty if none was queued
     * @throws TowerRuleException if a queued move breaks a rule (a choice is open); the state and the
     *     queue are then left as they were
     */
    public List<Outcome> commitMoves() {
        TowerState working = state.copy();
        List<Outcome> outcomes = replayQueue(working);
        state = working;
        queued = 0;
        return outcomes;
    }

    private List<Outcome> replayQueue(TowerState working) {
        List<Outcome> outcomes = new ArrayList<>(queued);
        for (int i = 0; i < queued; i++) {
            try {
                outcomes.add(applyChecked(working, queue[i], List.of()));
            } catch (TowerRuleException e) {
                throw new TowerRuleException("queued move " + i + " of " + queued + ": " + e.getMessage());
            }
        }
        return outcomes;
    }

    private Outcome applyChecked(TowerState working, int code, List<Object> params) {
        if (code != TowerCodes.CHOICE && working.choice().isPresent()) {
            throw new TowerRuleException(TowerCodes.spec(code) + " while " + working.choice().get().dialog()
                    + " waits for a CHOICE; answer it first");
        }
        if (TowerCodes.isMove(code)) {
            return MoveRules.step(working, tower, code);
        }
        TowerAction action = ACTIONS.get(code);
        if (action == null) {
            throw new TowerRuleException("code " + code + " is not an input of this game");
        }
        return action.apply(working, tower, params);
    }
}

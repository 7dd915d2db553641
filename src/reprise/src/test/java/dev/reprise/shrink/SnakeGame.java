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
import java.util.OptionalLong;

/**
 * A tiny snake game with a wrong-state bug, in two builds: in the one that had it, the snake walks off
 * the board through the wall; in today's, the wall stops it. Its replays carry a state-hash step every
 * two moves, so a replay recorded on the buggy build desyncs on today's.
 */
final class SnakeGame extends KitGame {

    static final String GAME_ID = "snake";
    /** The board is SIZE x SIZE cells. */
    static final int SIZE = 5;
    static final int RIGHT = 1;
    static final int DOWN = 2;
    static final int HASH = 9;

    /** A cell of the board, (0, 0) at the top left. */
    record Cell(int x, int y) {
        @Override
        public String toString() {
            return "(" + x + ", " + y + ")";
        }
    }

    private final boolean wallStops;
    private int x;
    private int y;

    private SnakeGame(boolean wallStops) {
        this.wallStops = wallStops;
        system.registerCommand(RIGHT, "RIGHT", ReplayCommand.sync(step -> apply(RIGHT)));
        system.registerCommand(DOWN, "DOWN", ReplayCommand.sync(step -> apply(DOWN)));
        system.registerCommand(HASH, "HASH", new StateHashCheck(this::hash));
    }

    /** Today's build, for the replay {@code file} (a {@link dev.reprise.verify.GameFactory}). */
    static SnakeGame today(ReplayFile file) {
        return new SnakeGame(true);
    }

    /** The build that had the bug: nothing stops the snake at the wall. */
    static SnakeGame buggy(ReplayFile file) {
        return new SnakeGame(false);
    }

    /**
     * Plays {@code moves} on the buggy build, as the player who reported the bug did, and returns the
     * replay file the game saved: a hash step every two moves, and one at the end.
     */
    static ReplayFile recordOnTheBuggyBuild(int... moves) {
        SnakeGame game = new SnakeGame(false);
        StateHashRecorder recorder = new StateHashRecorder(game.system, HASH, 2, game::hash);
        for (int move : moves) {
            recorder.record(move);
            game.apply(move);
        }
        recorder.recordHash();
        return ReplayFile.builder(game.system.saveState()).gameId(GAME_ID).gameBuild("1.0")
                .dictionary(game.system.commandDictionary()).build();
    }

    private void apply(int move) {
        if (move == RIGHT) {
            x = step(x);
        } else {
            y = step(y);
        }
    }

    private int step(int coordinate) {
        return wallStops ? Math.min(coordinate + 1, SIZE - 1) : coordinate + 1;
    }

    Cell head() {
        return new Cell(x, y);
    }

    boolean headOnBoard() {
        return x >= 0 && x < SIZE && y >= 0 && y < SIZE;
    }

    long hash() {
        return 31L * x + y;
    }

    /** Puts the snake back at the start, (0, 0). */
    @Override
    void reset() {
        x = 0;
        y = 0;
    }

    @Override
    public OptionalLong stateHash() {
        return OptionalLong.of(hash());
    }

    @Override
    public String toString() {
        return "snake head at " + head() + " on a " + SIZE + "x" + SIZE + " board";
    }
}

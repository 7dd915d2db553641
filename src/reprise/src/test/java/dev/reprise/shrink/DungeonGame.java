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
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.desync.StateHashCheck;
import dev.reprise.desync.StateHashRecorder;
import dev.reprise.io.ReplayFile;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.playback.SnapshotProvider;
import dev.reprise.route.ReplayArray;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import reactor.core.publisher.Mono;

/**
 * A dungeon with a bug that takes three inputs far apart: a chest whose answer 2 is a cursed ring (near the
 * start), a key (in the middle) and the door it opens (at the end). On the build with the bug, the ring's
 * curse strikes twice when the door opens; on the fixed build, once. Walks queue up and are committed by
 * their run's finalize; a trap kills the hero unless it was disarmed before (a failure of another kind);
 * a state-hash step every 25 inputs.
 */
final class DungeonGame extends KitGame {

    static final String GAME_ID = "dungeon";
    static final int WALK = 1;
    static final int HASH = 9;
    static final int CHEST = 16;
    /** Passive: the answer to a chest, param 0: 1 = a potion, 2 = the cursed ring. */
    static final int TAKE = 17;
    static final int KEY = 18;
    static final int DOOR = 19;
    static final int DISARM = 20;
    static final int TRAP = 21;
    static final int POTION = 1;
    static final int RING = 2;
    /** The invariant the bug breaks. */
    static final String ONE_CURSE = "the ring's curse strikes once";

    /** The state, as a snapshot holds it (no walk is queued at a closed boundary). */
    record State(int x, boolean chestOpen, int potions, boolean ring, boolean key, boolean doorOpen, int curses,
                 boolean disarmed) {
        static final State START = new State(0, false, 0, false, false, false, 0, false);
    }

    private final boolean buggy;
    private final boolean snapshots;
    private State state = State.START;
    private int queued;
    /** Steps this game played, every replay together. */
    private long played;

    DungeonGame(boolean buggy, boolean snapshots) {
        this.buggy = buggy;
        this.snapshots = snapshots;
        system.registerCommand(WALK, "WALK", ReplayCommand.withFinalizer((step, context) -> {
            played++;
            queued++;
            return Mono.just(ReplayCommandResult.SUCCESS);
        }, context -> {
            commitWalk();
            return Mono.just(ReplayCommandResult.SUCCESS);
        }));
        system.registerCommand(HASH, "HASH", new StateHashCheck(this::hash));
        system.registerCommand(CHEST, "CHEST", ReplayCommand.sync(step -> apply(CHEST, 0)));
        system.registerCommand(TAKE, "TAKE", ReplayCommand.passive(step -> apply(TAKE, step.intParam(0))));
        system.registerCommand(KEY, "KEY", ReplayCommand.sync(step -> apply(KEY, 0)));
        system.registerCommand(DOOR, "DOOR", ReplayCommand.sync(step -> apply(DOOR, 0)));
        system.registerCommand(DISARM, "DISARM", ReplayCommand.sync(step -> apply(DISARM, 0)));
        system.registerCommand(TRAP, "TRAP", ReplayCommand.sync(step -> apply(TRAP, 0)));
    }

    /** The build with the bug, for a replay file (a game factory). */
    static DungeonGame buggy(ReplayFile file) {
        return new DungeonGame(true, false);
    }

    /** The fixed build. */
    static DungeonGame fixed(ReplayFile file) {
        return new DungeonGame(false, false);
    }

    /** The build with the bug, seekable: its sandbox config has a snapshot provider. */
    static DungeonGame buggyWithSnapshots(ReplayFile file) {
        return new DungeonGame(true, true);
    }

    /**
     * The bug report: a player's {@code length}-step replay on the build with the bug, the ring's chest at
     * a 40th of it, the key halfway, the door a 40th before the end; a trap disarmed at an eighth and
     * sprung at three quarters; walks and chests of potions all around (seeded by the length).
     */
    static ReplayFile report(int length) {
        DungeonGame game = new DungeonGame(true, false);
        StateHashRecorder recorder = new StateHashRecorder(game.system, HASH, 25, game::hash);
        ReplayArray route = game.system.array();
        SplittableRandom random = new SplittableRandom(length);
        boolean ring = false;
        boolean disarmed = false;
        boolean key = false;
        boolean trap = false;
        boolean door = false;
        while (route.length() < length) {
            int at = route.length();
            if (!ring && at >= length / 40) {
                ring = true;
                game.input(recorder, CHEST, 0);
                game.input(recorder, TAKE, RING);
            } else if (!disarmed && at >= length / 8) {
                disarmed = true;
                game.input(recorder, DISARM, 0);
            } else if (!key && at >= length / 2) {
                key = true;
                game.input(recorder, KEY, 0);
            } else if (!trap && at >= length * 3 / 4) {
                trap = true;
                game.input(recorder, TRAP, 0);
            } else if (!door && at >= length - length / 40) {
                door = true;
                game.input(recorder, DOOR, 0);
            } else if (random.nextInt(5) == 0) {
                game.input(recorder, CHEST, 0);
                game.input(recorder, TAKE, POTION);
            } else {
                game.input(recorder, WALK, 0);
            }
        }
        return ReplayFile.builder(game.system.saveState()).gameId(GAME_ID).gameBuild("1.0")
                .dictionary(game.system.commandDictionary()).build();
    }

    /** Records an input and plays it at once, as the player's game did. */
    private void input(StateHashRecorder recorder, int code, int param) {
        if (code == TAKE) {
            recorder.record(code, param);
        } else {
            recorder.record(code);
        }
        if (code == WALK) {
            state = new State(state.x() + 1, state.chestOpen(), state.potions(), state.ring(), state.key(),
                    state.doorOpen(), state.curses(), state.disarmed());
        } else {
            apply(code, param);
        }
    }

    private void apply(int code, int param) {
        played++;
        State s = state;
        state = switch (code) {
            case CHEST -> new State(s.x(), true, s.potions(), s.ring(), s.key(), s.doorOpen(), s.curses(), s.disarmed());
            case TAKE -> {
                if (!s.chestOpen()) {
                    throw new IllegalStateException("no chest is open");
                }
                yield new State(s.x(), false, s.potions() + (param == POTION ? 1 : 0), s.ring() || param == RING,
                        s.key(), s.doorOpen(), s.curses(), s.disarmed());
            }
            case KEY -> new State(s.x(), s.chestOpen(), s.potions(), s.ring(), true, s.doorOpen(), s.curses(),
                    s.disarmed());
            case DOOR -> !s.key() || s.doorOpen() ? s // without the key the door stays shut
                    : new State(s.x(), s.chestOpen(), s.potions(), s.ring(), true, true,
                            s.curses() + (s.ring() ? (buggy ? 2 : 1) : 0), s.disarmed());
            case DISARM -> new State(s.x(), s.chestOpen(), s.potions(), s.ring(), s.key(), s.doorOpen(), s.curses(),
                    true);
            case TRAP -> {
                if (!s.disarmed()) {
                    throw new IllegalStateException("the hero fell into the trap");
                }
                yield s;
            }
            default -> throw new IllegalArgumentException("no input " + code);
        };
    }

    private void commitWalk() {
        State s = state;
        state = new State(s.x() + queued, s.chestOpen(), s.potions(), s.ring(), s.key(), s.doorOpen(), s.curses(),
                s.disarmed());
        queued = 0;
    }

    /** The invariant: the curse strikes at most once. */
    boolean curseStrikesOnce() {
        return state.curses() <= 1;
    }

    State state() {
        return state;
    }

    /** @return the steps this game played (its hash steps aside), every replay together */
    long played() {
        return played;
    }

    long hash() {
        return state.hashCode() * 31L + queued;
    }

    @Override
    void reset() {
        state = State.START;
        queued = 0;
    }

    @Override
    void configure(SandboxConfig.Builder<Object> config) {
        if (snapshots) {
            config.snapshots(new SnapshotProvider<State>() {
                @Override
                public State capture() {
                    if (queued != 0) {
                        throw new AssertionError("a checkpoint inside an open window: " + queued + " walks queued");
                    }
                    return state;
                }

                @Override
                public void restore(State snapshot) {
                    state = snapshot;
                    queued = 0;
                }

                @Override
                public long estimateBytes(State snapshot) {
                    return 48;
                }
            });
        }
    }

    @Override
    public OptionalLong stateHash() {
        return OptionalLong.of(hash());
    }

    @Override
    public String toString() {
        return state.toString();
    }
}

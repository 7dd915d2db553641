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
package dev.reprise.samples.tower.replay;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.desync.StateHashCheck;
import dev.reprise.command.CommandDictionary;
import dev.reprise.io.ReplayCompatibility;
import dev.reprise.playback.ReplayResetter;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.playback.SnapshotProvider;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplaySave;
import dev.reprise.samples.tower.InputSpec;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerState;
import java.util.Objects;

/**
 * The tower game's Reprise commands, registered in one call, and the few things a replay of the tower
 * needs besides: the game id and command dictionary stored in replay files, the verifier that checks a
 * file before playing it, and the resetter that rewinds a game before a sandbox plays.
 *
 * <table>
 *   <caption>Commands</caption>
 *   <tr><th>codes</th><th>command</th><th>type</th><th>execute</th><th>finalizeRun</th></tr>
 *   <tr><td>UP, RIGHT, DOWN, LEFT</td><td>{@link MoveCommand}</td><td>active</td><td>queues the move</td>
 *       <td>commits the run of moves</td></tr>
 *   <tr><td>TELEPORT, USE_ITEM, EQUIP, UNEQUIP, SHOP, FLY</td><td>{@link ActionCommand}</td><td>active</td>
 *       <td>applies the input</td><td>nothing</td></tr>
 *   <tr><td>CHOICE</td><td>{@link ReplayCommand#passive(java.util.function.Consumer)}</td><td>passive</td>
 *       <td>never executed: its recorded answer is applied by {@link Choices#apply} (headless right after
 *       the step that opened it; with a UI once the UI said yes)</td><td>—</td></tr>
 * </table>
 */
public final class TowerCommands {

    /** The game id written into the tower's replay files and required when they are played. */
    public static final String GAME_ID = "dev.reprise.samples.tower";

    /**
     * The code of the tower's state-hash steps (desync detection): one {@code long} param, the state
     * hash recorded by a {@link dev.reprise.desync.StateHashRecorder}; checked by a
     * {@link StateHashCheck} on playback. Not a {@link TowerCodes} input: the game never sees it.
     */
    public static final int STATE_HASH = 40;
    /** The dictionary name of {@link #STATE_HASH}. */
    public static final String STATE_HASH_NAME = "STATE_HASH";

    private TowerCommands() {
    }

    /**
     * Registers a command for every tower input, under its {@link TowerCodes} name, playing onto
     * {@code game}.
     *
     * @param system the system that plays the tower's routes
     * @param game the game the commands drive; driven from the playback's thread
     */
    public static void register(ReplaySystem system, TowerGame game) {
        Objects.requireNonNull(game, "game");
        for (InputSpec input : TowerCodes.all()) {
            system.registerCommand(input.code(), input.name(), commandFor(input, game));
        }
        system.registerCommand(STATE_HASH, STATE_HASH_NAME, new StateHashCheck(() -> game.state().stateHash()));
    }

    /**
     * Returns a new system holding a copy of the saved route, with the tower's commands registered to
     * drive {@code game}: ready to create a sandbox.
     *
     * @param save the route to play, saved (copied in and validated, as {@link ReplaySystem#loadState} does)
     * @param game the game the commands drive
     * @return the system
     */
    public static ReplaySystem player(ReplaySave save, TowerGame game) {
        ReplaySystem player = new ReplaySystem();
        register(player, game);
        player.loadState(save);
        return player;
    }

    private static ReplayCommand commandFor(InputSpec input, TowerGame game) {
        if (input.passive()) {
            return ReplayCommand.passive(step -> Choices.apply(game, step));
        }
        return TowerCodes.isMove(input.code()) ? new MoveCommand(game) : new ActionCommand(game);
    }

    /**
     * Returns the tower's command dictionary (code to name), as stored in its replay files.
     *
     * @return the dictionary of every {@link TowerCodes} input
     */
    public static CommandDictionary dictionary() {
        CommandDictionary.Builder builder = CommandDictionary.builder();
        TowerCodes.all().forEach(input -> builder.put(input.code(), input.name()));
        return builder.put(STATE_HASH, STATE_HASH_NAME).build();
    }

    /**
     * Returns the check that accepts replay files of the tower whose codes all mean what they mean here.
     *
     * @return the compatibility check
     */
    public static ReplayCompatibility compatibility() {
        return ReplayCompatibility.builder(GAME_ID, dictionary()).build();
    }

    /**
     * Returns the resetter that rewinds {@code game} before playback: to the given state, or to the
     * tower's start when the sandbox has no save.
     *
     * @param game the game to rewind
     * @return the resetter
     */
    public static ReplayResetter<TowerState> resetter(TowerGame game) {
        Objects.requireNonNull(game, "game");
        return save -> game.reset(save != null ? save : game.initialState());
    }

    /**
     * Returns a sandbox config builder that plays {@code route} onto {@code game} from the tower's start.
     *
     * @param route the route to play
     * @param game the game to rewind and drive
     * @param seekable whether the sandbox may {@code seek}: with the tower's {@link #snapshots} provider
     * @return a builder with the defaults of {@link SandboxConfig#builder}, plus the snapshots if seekable
     */
    public static SandboxConfig.Builder<TowerState> sandbox(ReplayArray route, TowerGame game, boolean seekable) {
        SandboxConfig.Builder<TowerState> builder = sandbox(route, game);
        return seekable ? builder.snapshots(snapshots(game)) : builder;
    }

    /**
     * Returns the tower's snapshot provider for seeking: a snapshot is the game's (unchanging) state.
     * The sandbox captures only at closed finalize-window boundaries, where no move is queued, so the
     * state is the whole of what a checkpoint must hold.
     *
     * @param game the game to capture and restore
     * @return the provider; its size estimate counts every tile of every floor
     */
    public static SnapshotProvider<TowerState> snapshots(TowerGame game) {
        Objects.requireNonNull(game, "game");
        return new SnapshotProvider<>() {
            @Override
            public TowerState capture() {
                return game.state();
            }

            @Override
            public void restore(TowerState snapshot) {
                game.reset(snapshot);
            }

            @Override
            public long estimateBytes(TowerState snapshot) {
                return 256L + (long) snapshot.floors() * snapshot.width() * snapshot.height() * Character.BYTES;
            }
        };
    }

    /**
     * Returns a sandbox config builder that plays {@code route} onto {@code game} from the tower's start.
     *
     * @param route the route to play
     * @param game the game to rewind and drive
     * @return a builder with the defaults of {@link SandboxConfig#builder}
     */
    public static SandboxConfig.Builder<TowerState> sandbox(ReplayArray route, TowerGame game) {
        return SandboxConfig.builder(route, resetter(game));
    }
}

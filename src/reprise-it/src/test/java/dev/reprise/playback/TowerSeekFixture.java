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
package dev.reprise.playback;

import dev.reprise.ReplaySystem;
import dev.reprise.command.PassiveHandle;
import dev.reprise.command.PlaybackContext;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.desync.StateHashCheck;
import dev.reprise.desync.StateHashRecorder;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayStep;
import dev.reprise.samples.tower.Tower;
import dev.reprise.samples.tower.TowerBot;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerGenerator;
import dev.reprise.samples.tower.TowerRuleException;
import dev.reprise.samples.tower.TowerState;
import dev.reprise.verify.VerifiableGame;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import reactor.core.publisher.Mono;

/**
 * The sample tower game played through Reprise, for seek and desync tests: a bot's route recorded into
 * a {@link ReplaySystem}, a second game driven by small test commands (moves queued and committed by
 * the window's finalizer, as {@code TowerReplayer} describes), a snapshot provider, and an independent
 * oracle of what the game holds at every group boundary of a straight playthrough.
 *
 * <p>The test commands also keep the queued moves in {@link #pending}, so what the game holds between
 * windows can be compared whole; they count every step they play in {@link #executed}.
 */
final class TowerSeekFixture {

    /** The state-hash code of the desync tests: a code the tower game does not use. */
    static final int STATE_HASH = 40;
    /** Starts the game over from the tower's start: joins bot games into one long route. */
    static final int RESTART = 41;

    /** What the game holds at a group boundary: the committed state and the moves queued in the open window. */
    record Held(TowerState state, List<Integer> pending) {
    }

    final Tower tower;
    final ReplaySystem system = new ReplaySystem();
    final TowerGame game;
    final List<Integer> pending = new ArrayList<>();
    int executed;
    int captures;

    private TowerSeekFixture(Tower tower) {
        this.tower = tower;
        this.game = new TowerGame(tower);
        registerCommands();
    }

    /** Records a bot's game of at most {@code inputLimit} inputs on a {@code floors}-floor tower. */
    static TowerSeekFixture recorded(long seed, int floors, int inputLimit) {
        TowerSeekFixture fixture = new TowerSeekFixture(TowerGenerator.generate(seed, floors));
        new TowerBot(new TowerGame(fixture.tower), seed, inputLimit).play(fixture.system::record);
        return fixture;
    }

    /**
     * Records one bot game (at most {@code inputLimit} inputs) and repeats it, each copy after a
     * {@link #RESTART} step, until the route holds {@code steps} steps (the last copy is cut short).
     */
    static TowerSeekFixture repeated(long seed, int floors, int inputLimit, int steps) {
        TowerSeekFixture fixture = new TowerSeekFixture(TowerGenerator.generate(seed, floors));
        List<Object[]> inputs = new ArrayList<>();
        List<Integer> codes = new ArrayList<>();
        new TowerBot(new TowerGame(fixture.tower), seed, inputLimit).play((code, params) -> {
            codes.add(code);
            inputs.add(params);
        });
        ReplaySystem system = fixture.system;
        for (int i = 0; system.array().length() < steps; i = (i + 1) % (codes.size() + 1)) {
            if (i == codes.size()) {
                system.record(RESTART);
            } else {
                system.record(codes.get(i), inputs.get(i));
            }
        }
        return fixture;
    }

    /** Records a bot's game with a state-hash step every {@code hashInterval} steps and one at the end. */
    static TowerSeekFixture recordedWithHashes(long seed, int floors, int inputLimit, int hashInterval) {
        TowerSeekFixture fixture = new TowerSeekFixture(TowerGenerator.generate(seed, floors));
        TowerGame recording = new TowerGame(fixture.tower);
        StateHashRecorder hashes = new StateHashRecorder(fixture.system, STATE_HASH, hashInterval,
                () -> recording.state().stateHash());
        new TowerBot(recording, seed, inputLimit).play(hashes::record);
        hashes.recordHash();
        return fixture;
    }

    private void registerCommands() {
        for (int move = TowerCodes.UP; move <= TowerCodes.LEFT; move++) {
            int code = move;
            system.registerCommand(code, ReplayCommand.withFinalizer(
                    (step, context) -> play(context, () -> {
                        game.queueMove(code);
                        pending.add(code);
                    }),
                    context -> play(context, () -> {
                        game.commitMoves();
                        pending.clear();
                    })));
        }
        for (int code : new int[] {TowerCodes.TELEPORT, TowerCodes.USE_ITEM, TowerCodes.EQUIP, TowerCodes.UNEQUIP,
                TowerCodes.SHOP, TowerCodes.FLY}) {
            system.registerCommand(code, ReplayCommand.active((step, context) -> play(context, () -> apply(step))));
        }
        system.registerCommand(TowerCodes.CHOICE, ReplayCommand.passive());
        system.registerCommand(RESTART, ReplayCommand.active((step, context) -> play(context, () -> {
            game.reset(game.initialState());
            pending.clear();
        })));
        system.registerCommand(STATE_HASH, new StateHashCheck(() -> game.state().stateHash()));
    }

    /** Runs an input and answers the group's passive choices; a broken rule is IGNORED, as a lenient replayer does. */
    private Mono<ReplayCommandResult> play(PlaybackContext context, Runnable input) {
        executed++;
        try {
            input.run();
            for (PassiveHandle choice : context.passiveSteps()) {
                apply(choice.step());
                executed++;
                choice.complete(ReplayCommandResult.SUCCESS);
            }
            return Mono.just(ReplayCommandResult.SUCCESS);
        } catch (TowerRuleException broken) {
            return Mono.just(ReplayCommandResult.IGNORED);
        }
    }

    private void apply(ReplayStep step) {
        game.apply(step.code(), step.params()); // commits the queued moves first
        pending.clear();
    }

    /** The game's snapshots: its (unchanging) state. Captured only at closed boundaries, so nothing is queued. */
    SnapshotProvider<TowerState> snapshots() {
        return new SnapshotProvider<>() {
            @Override
            public TowerState capture() {
                if (game.queuedMoves() != 0 || !pending.isEmpty()) {
                    throw new AssertionError("checkpoint captured inside an open window: " + pending);
                }
                captures++;
                return game.state();
            }

            @Override
            public void restore(TowerState snapshot) {
                game.reset(snapshot);
                pending.clear();
            }

            @Override
            public long estimateBytes(TowerState snapshot) {
                return 256L + (long) snapshot.floors() * snapshot.width() * snapshot.height() * Character.BYTES;
            }
        };
    }

    /** A config with the fixture's resetter (the tower's initial state) and snapshot provider. */
    ReplaySandbox sandbox(Consumer<SandboxConfig.Builder<TowerState>> customize) {
        SandboxConfig.Builder<TowerState> builder = config(system.array());
        builder.startPaused(true); // the seek tests drive play() and step() themselves
        customize.accept(builder);
        return system.createReplaySandbox(builder.build());
    }

    /** A config builder for {@code route} with the fixture's resetter (the tower's initial state, or the save). */
    SandboxConfig.Builder<TowerState> config(ReplayArray route) {
        return SandboxConfig.<TowerState>builder(route, save -> {
            game.reset(save == null ? game.initialState() : save);
            pending.clear();
        });
    }

    /**
     * The fixture's game as a {@link VerifiableGame}, for the replay editor: its system, and the configs
     * {@code customize} makes of {@link #config}.
     */
    VerifiableGame verifiable(UnaryOperator<SandboxConfig.Builder<TowerState>> customize) {
        return new VerifiableGame() {
            @Override
            public ReplaySystem system() {
                return system;
            }

            @Override
            public SandboxConfig<?> sandbox(ReplayArray route) {
                return customize.apply(config(route)).build();
            }
        };
    }

    Held held() {
        return new Held(game.state(), List.copyOf(pending));
    }

    /**
     * The oracle: what a straight playthrough holds at each group boundary (index = steps played), or
     * {@code null} inside a group. Computed without Reprise: a window's finalizer runs just before the
     * next active step of another code is played, so at a boundary the window before it is still open.
     */
    List<Held> straightPlay() {
        TowerGame model = new TowerGame(tower);
        List<Integer> queued = new ArrayList<>();
        List<Held> held = new ArrayList<>();
        int window = -1;
        int length = system.array().length();
        for (int i = 0; i < length; i++) {
            ReplayStep step = system.array().get(i);
            int code = step.code();
            if (code == TowerCodes.CHOICE) {
                held.add(null);
                model.apply(code, step.params());
                queued.clear();
                continue;
            }
            held.add(new Held(model.state(), List.copyOf(queued)));
            if (code != window && TowerCodes.isMove(window)) {
                model.commitMoves();
                queued.clear();
            }
            window = code;
            if (TowerCodes.isMove(code)) {
                model.queueMove(code);
                queued.add(code);
            } else if (code == RESTART) {
                model.reset(model.initialState());
                queued.clear();
            } else if (code != STATE_HASH) {
                model.apply(code, step.params());
                queued.clear();
            }
        }
        held.add(new Held(model.state(), List.copyOf(queued)));
        return held;
    }

    /** The first group boundary at or after {@code index}. */
    static int boundaryAtOrAfter(List<Held> straight, int index) {
        int at = index;
        while (straight.get(at) == null) {
            at++;
        }
        return at;
    }
}

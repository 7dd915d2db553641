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
package dev.reprise.samples;

import dev.reprise.ReplaySystem;
import dev.reprise.desync.ReplayDesyncException;
import dev.reprise.desync.StateHashRecorder;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplaySave;
import dev.reprise.samples.tower.Tower;
import dev.reprise.samples.tower.TowerBot;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerGenerator;
import dev.reprise.samples.tower.TowerState;
import dev.reprise.samples.tower.replay.TowerCommands;
import java.time.Duration;
import java.util.Optional;
import reactor.core.publisher.Mono;

/**
 * Seeking and desync detection on the tower game: the bot's game is recorded with a state-hash step
 * every {@link #HASH_INTERVAL} inputs; the replay seeks to the middle and back to a quarter (each time
 * matching a straight playthrough); then one move of the route is turned around, and the replay fails
 * with a {@link ReplayDesyncException} that names the window of steps where the replay went wrong.
 */
public final class DesyncAndSeekSample {

    /** Inputs between two recorded state hashes. */
    public static final int HASH_INTERVAL = 50;

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private DesyncAndSeekSample() {
    }

    /**
     * What the sample found.
     *
     * @param steps         the route's length, hash steps included
     * @param seeksMatched  whether the state after each seek equalled the state of a straight playthrough
     * @param changedStep   the step whose move was turned around: the first one the state hashes had to catch
     * @param desync        the desync the changed route failed with, if it failed
     */
    public record Outcome(int steps, boolean seeksMatched, int changedStep, Optional<ReplayDesyncException> desync) {
    }

    /**
     * Runs the sample.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        Outcome outcome = run(7);
        System.out.printf("%,d steps with a state hash every %d inputs; seeks matched: %s%n",
                outcome.steps(), HASH_INTERVAL, outcome.seeksMatched());
        System.out.printf("turned the move at step %d around: %s%n", outcome.changedStep(),
                outcome.desync().map(Throwable::getMessage).orElse("no desync (the change did not matter)"));
    }

    /**
     * Records, seeks and then replays a corrupted copy.
     *
     * @param seed the tower's and the bot's seed
     * @return what happened
     */
    public static Outcome run(long seed) {
        Tower tower = TowerGenerator.generate(seed, 6);
        ReplaySystem system = record(tower, seed);
        ReplayArray route = system.array();

        boolean seeksMatched = seeksMatch(tower, system, route.length() / 2)
                && seeksMatch(tower, system, route.length() / 4);

        // Turn a move around. Some changes do not matter (both ways blocked) and some break a rule of the
        // game first; the sample takes the first that the state hashes have to catch.
        ReplaySave intact = route.saveState().detach();
        int changed = -1;
        Optional<ReplayDesyncException> desync = Optional.empty();
        for (int at = firstMoveAfter(route, route.length() / 3); at >= 0 && desync.isEmpty();
                at = firstMoveAfter(route, at + 1)) {
            changed = at;
            route.loadState(intact);
            route.set(at, (route.get(at).code() + 2) % 4); // the opposite direction
            desync = replay(tower, system);
        }
        return new Outcome(route.length(), seeksMatched, changed, desync);
    }

    /** Replays the route and returns the desync it failed with, if any. */
    private static Optional<ReplayDesyncException> replay(Tower tower, ReplaySystem recording) {
        TowerGame game = new TowerGame(tower);
        ReplaySystem player = player(game, recording);
        ReplaySandbox sandbox = player.createReplaySandbox(TowerCommands.sandbox(player.array(), game).build());
        sandbox.play();
        return sandbox.steps().then(Mono.<ReplayDesyncException>empty())
                .onErrorResume(error -> Mono.justOrEmpty(ReplayDesyncException.in(error)))
                .blockOptional(TIMEOUT);
    }

    /** The bot's game, recorded through a {@link StateHashRecorder}. */
    private static ReplaySystem record(Tower tower, long seed) {
        TowerGame game = new TowerGame(tower);
        ReplaySystem system = new ReplaySystem();
        TowerCommands.register(system, game); // so the recorder knows CHOICE is passive
        StateHashRecorder recorder = new StateHashRecorder(system, TowerCommands.STATE_HASH, HASH_INTERVAL,
                () -> game.state().stateHash());
        new TowerBot(game, seed).play(recorder::record);
        recorder.recordHash();
        return system;
    }

    /** Seeks a fresh replay to {@code target} and compares with playing the first steps straight. */
    private static boolean seeksMatch(Tower tower, ReplaySystem recording, int target) {
        TowerGame seeking = new TowerGame(tower);
        ReplaySystem player = player(seeking, recording);
        ReplaySandbox sandbox = player.createReplaySandbox(
                TowerCommands.sandbox(player.array(), seeking, true).checkpointInterval(100)
                        .startPaused(true) // seek first; only the seeks play
                        .build());
        sandbox.steps().subscribe();
        sandbox.seek(recording.array().length() - 1).block(TIMEOUT); // forward, capturing checkpoints
        sandbox.seek(target).block(TIMEOUT);                         // backward, from a checkpoint
        int landed = sandbox.replayed();
        sandbox.stop().block(TIMEOUT); // finalizes the open window: the queued moves are committed
        return seeking.state().equals(straight(tower, recording, landed));
    }

    /** The committed state after playing the first {@code steps} steps without seeking. */
    private static TowerState straight(Tower tower, ReplaySystem recording, int steps) {
        TowerGame game = new TowerGame(tower);
        ReplaySystem player = player(game, recording);
        ReplaySandbox sandbox = player.createReplaySandbox(TowerCommands.sandbox(player.array(), game).build());
        sandbox.play();
        sandbox.steps().take(steps).then().block(TIMEOUT); // cancelling stops the playback and finalizes
        return game.state();
    }

    private static ReplaySystem player(TowerGame game, ReplaySystem recording) {
        return TowerCommands.player(recording.saveState(), game);
    }

    /** The first move at or after {@code from}, or -1. */
    private static int firstMoveAfter(ReplayArray route, int from) {
        for (int at = from; at < route.length(); at++) {
            if (TowerCodes.isMove(route.get(at).code())) {
                return at;
            }
        }
        return -1;
    }
}

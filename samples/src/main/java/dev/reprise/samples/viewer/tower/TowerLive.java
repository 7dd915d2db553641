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
package dev.reprise.samples.viewer.tower;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reprise.ReplaySystem;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplaySave;
import dev.reprise.route.ReplayStep;
import dev.reprise.samples.tower.Tower;
import dev.reprise.samples.tower.TowerBot;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerGenerator;
import dev.reprise.samples.tower.TowerRuleException;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.viewer.LiveGame;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.BufferOverflowStrategy;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Sinks;

/**
 * The tower's bot playing live, paced, on a daemon thread of its own, recorded into a
 * {@link ReplaySystem}; spectators watch its {@link ReplaySystem#recorded()} steps. When a game ends the
 * bot starts the next tower (the next seed) and the spectators' feeds complete.
 *
 * <p>Joining takes the route recorded so far and subscribes to the live steps under the same lock the
 * bot records under, so a late spectator gets every step exactly once: the catch-up, then live.
 */
final class TowerLive implements LiveGame, AutoCloseable {

    /** Live steps a spectator may fall behind by before it is dropped. */
    static final int SPECTATOR_BUFFER = 4096;

    private final int floors;
    private final int inputLimit;
    private final Duration pace;
    private final Object lock = new Object();
    private final Thread thread;
    private volatile boolean closed;
    /** Guarded by {@link #lock}. */
    private Round round;

    /** One game of the bot: its tower and recording, and the signal that it ended. */
    private record Round(Tower tower, ReplaySystem recorder, Sinks.Empty<Void> ended) {
    }

    TowerLive(long seed, int floors, int inputLimit, Duration pace) {
        this.floors = floors;
        this.inputLimit = inputLimit;
        this.pace = pace;
        this.round = newRound(seed);
        this.thread = new Thread(() -> run(seed), "reprise-viewer-live-bot");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    private Round newRound(long seed) {
        return new Round(TowerGenerator.generate(seed, floors), new ReplaySystem(), Sinks.empty());
    }

    private void run(long firstSeed) {
        long seed = firstSeed;
        while (!closed) {
            Round current;
            synchronized (lock) {
                current = round;
            }
            TowerGame game = new TowerGame(current.tower());
            try {
                new TowerBot(game, seed, inputLimit).play((code, params) -> {
                    LockSupport.parkNanos(pace.toNanos());
                    if (closed) {
                        throw new Closed(); // the bot has no way to stop mid-game but an exception
                    }
                    synchronized (lock) {
                        current.recorder().record(code, params);
                    }
                });
            } catch (Closed stop) {
                current.ended().tryEmitEmpty();
                return;
            }
            current.ended().tryEmitEmpty();
            LockSupport.parkNanos(pace.toNanos() * 20);
            seed++;
            synchronized (lock) {
                round = newRound(seed);
            }
        }
    }

    @Override
    public Map<Integer, String> codeNames() {
        return TowerCommands.dictionary().asMap();
    }

    @Override
    public Spectator join() {
        synchronized (lock) {
            Round current = round;
            ReplaySave sofar = current.recorder().saveState();
            // Subscribed under the lock: no step can be recorded between the copy and the subscription.
            Flux<ReplayStep> live = current.recorder().recorded()
                    .onBackpressureBuffer(SPECTATOR_BUFFER, dropped -> { }, BufferOverflowStrategy.ERROR)
                    .takeUntilOther(current.ended().asMono().thenReturn(Boolean.TRUE));
            Flux<ReplayStep> feed = Flux.concat(catchUp(sofar), live);
            long catchUp = (long) sofar.commandArray().capacity() + sofar.paramArray().capacity();
            // A buffered step is a small object (index, code, params): about 64 bytes each.
            return new Spectator(feed, new View(current.tower()), catchUp, SPECTATOR_BUFFER * 64L);
        }
    }

    private static Flux<ReplayStep> catchUp(ReplaySave sofar) {
        ReplayArray route = new ReplayArray();
        route.loadState(sofar);
        return Flux.range(0, route.length()).map(route::get);
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }

    /** Unwinds the bot's loop when the live game is closed. */
    private static final class Closed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Closed() {
            super("the live game is closed", null, false, false);
        }
    }

    /** A spectator's game: steps applied straight to a game of the same tower. */
    private static final class View implements LiveView {
        private final TowerGame game;
        private @Nullable String broken;

        View(Tower tower) {
            this.game = new TowerGame(tower);
        }

        @Override
        public void apply(ReplayStep step) {
            if (step.code() == TowerCommands.STATE_HASH || broken != null) {
                return;
            }
            try {
                game.apply(step.code(), step.params());
            } catch (TowerRuleException e) {
                broken = "step " + step.index() + " (" + TowerCodes.nameOf(step.code()) + "): " + e.getMessage();
            }
        }

        @Override
        public JsonNode state() {
            return TowerView.of(game.state(), 0);
        }
    }
}

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
package dev.reprise.viewer;

import static dev.reprise.command.ReplayCommandResult.SUCCESS;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.desync.StateHashCheck;
import dev.reprise.io.ReplayCompatibility;
import dev.reprise.io.ReplayFile;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.playback.SnapshotProvider;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplaySave;
import dev.reprise.route.ReplayStep;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

/**
 * The viewer tests' game, small and deterministic: a total that {@code add n} adds to and {@code times n}
 * multiplies, checked by {@code hash h} steps (a {@link StateHashCheck}); chests, each opening
 * {@value #CHEST_MILLIS} ms after its active {@code chest} step, whose gems the passive {@code take o} steps
 * take (option 0) or leave (1), asked in a dialog only while a chest is open; and {@code hang}, a command
 * that does not return. Its replays have snapshots, a state hash and a final hash (the total).
 *
 * <p>Installed on the class path ({@code src/test/classpath-game} lists it for this module's test run only, so
 * that the test jar installs no game on the class path of the tests that use it).
 */
public final class SumViewer implements ViewerGame {

    static final String GAME_ID = "sum-game";
    static final String FINAL_KEY = "final-total";
    static final int ADD = 1;
    static final int TIMES = 2;
    static final int HANG = 3;
    static final int HASH = 4;
    static final int CHEST = 16;
    static final int TAKE = 17;
    static final long CHEST_MILLIS = 50;
    private static final List<String> OPTIONS = List.of("the gem", "leave it");

    /** How {@code hang} waits. */
    enum Hang {
        /** Until its thread is interrupted, or {@link #release()}. */
        UNTIL_INTERRUPTED,
        /** Until {@link #release()} only: a game that ignores interrupts, whose thread is left to it. */
        IGNORING_INTERRUPTS
    }

    private final Hang hang;
    private volatile boolean released;

    /** The game, its {@code hang} returning once interrupted; for the {@link java.util.ServiceLoader}. */
    public SumViewer() {
        this(Hang.UNTIL_INTERRUPTED);
    }

    SumViewer(Hang hang) {
        this.hang = hang;
    }

    /** Lets every {@code hang} return, so that a test leaves no thread of the game behind. */
    void release() {
        released = true;
    }

    @Override
    public String gameId() {
        return GAME_ID;
    }

    @Override
    public ReplayCompatibility compatibility() {
        return ReplayCompatibility.builder(GAME_ID, new Sum().system.commandDictionary()).build();
    }

    @Override
    public GameReplay open(ReplayFile file) {
        Sum sum = new Sum();
        sum.system.loadState(file.save());
        return sum;
    }

    /** A recorder: a system of the game's commands, whose array a test fills. */
    static ReplaySystem recorder() {
        return new SumViewer().new Sum().system;
    }

    /** Writes a replay of the game, never over an existing file. */
    static Path write(ReplaySave save, Path file) throws IOException {
        ReplayFile.builder(save).gameId(GAME_ID).dictionary(recorder().commandDictionary()).build().write(file);
        return file;
    }

    /**
     * Records a route of {@code steps} steps: adds and doublings, a hash of the total every
     * {@code hashInterval} steps, and every {@code chestInterval} steps (0 for none) a chest and two takes.
     */
    static ReplaySave route(int steps, int hashInterval, int chestInterval) {
        ReplayArray route = recorder().array();
        for (int i = 0; route.length() < steps; i++) {
            if (chestInterval > 0 && i % chestInterval == chestInterval - 1 && route.length() + 3 <= steps) {
                route.add(CHEST);
                route.add(TAKE, 0);
                route.add(TAKE, 0);
            } else if (route.length() % hashInterval == hashInterval - 1) {
                route.add(HASH, hash(totalAfter(route, route.length())));
            } else if (i % 16 == 15) {
                route.add(TIMES, 2);
            } else {
                route.add(ADD, i % 9 + 1);
            }
        }
        return route.saveState();
    }

    /** The total after the first {@code steps} steps of a route. */
    static long totalAfter(ReplayArray route, int steps) {
        long total = 0;
        for (int i = 0; i < steps; i++) {
            ReplayStep step = route.get(i);
            if (step.code() == ADD) {
                total += step.intParam(0);
            } else if (step.code() == TIMES) {
                total *= step.intParam(0);
            }
        }
        return total;
    }

    /** The total after the first {@code steps} steps of a saved route. */
    static long totalAfter(ReplaySave save, int steps) {
        ReplayArray route = new ReplayArray();
        route.loadState(save);
        return totalAfter(route, steps);
    }

    static long hash(long total) {
        return total * 0x9E3779B97F4A7C15L + 17;
    }

    /** The state of one game and its commands. */
    private final class Sum implements GameReplay {

        final ReplaySystem system = new ReplaySystem();
        final AtomicLong total = new AtomicLong();
        final List<String> log = new CopyOnWriteArrayList<>();
        volatile boolean open;

        Sum() {
            system.registerCommand(ADD, "add", ReplayCommand.sync(step -> total.addAndGet(step.intParam(0))));
            system.registerCommand(TIMES, "times", ReplayCommand.sync(step -> total.set(total.get() * step.intParam(0))));
            system.registerCommand(HANG, "hang", ReplayCommand.sync(step -> hang()));
            system.registerCommand(HASH, "hash", new StateHashCheck(() -> hash(total.get())));
            system.registerCommand(CHEST, "chest", ReplayCommand.active((step, context) -> Mono.defer(() -> {
                open = false;
                return Mono.delay(Duration.ofMillis(CHEST_MILLIS)).doOnNext(tick -> {
                    log.add("opened@" + step.index());
                    open = true;
                }).thenReturn(SUCCESS);
            })));
            system.registerCommand(TAKE, "take", ReplayCommand.passive(step -> {
                int option = step.intParam(0);
                if (!open) {
                    throw new IllegalStateException("no chest is open");
                }
                log.add((option == 0 ? "took@" : "left@") + step.index());
            }));
        }

        private void hang() {
            while (!released) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    if (hang == Hang.UNTIL_INTERRUPTED) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
        }

        @Override
        public ReplaySystem system() {
            return system;
        }

        @Override
        public SandboxConfig.Builder<?> sandbox() {
            return SandboxConfig.builder(system.array(), save -> restore(new Snapshot(0, List.of(), false)));
        }

        private void restore(Snapshot snapshot) {
            total.set(snapshot.total());
            log.clear();
            log.addAll(snapshot.log());
            open = snapshot.open();
        }

        @Override
        public Optional<SnapshotProvider<?>> snapshots() {
            return Optional.of(new SnapshotProvider<Snapshot>() {
                @Override
                public Snapshot capture() {
                    return new Snapshot(total.get(), List.copyOf(log), open);
                }

                @Override
                public void restore(Snapshot snapshot) {
                    Sum.this.restore(snapshot);
                }

                @Override
                public long estimateBytes(Snapshot snapshot) {
                    return 32 + 16L * snapshot.log().size();
                }
            });
        }

        @Override
        public Object state() {
            return new View(total.get(), List.copyOf(log));
        }

        @Override
        public Optional<String> finalHashKey() {
            return Optional.of(FINAL_KEY);
        }

        @Override
        public OptionalLong stateHash() {
            return OptionalLong.of(total.get());
        }

        @Override
        public @Nullable Prompt prompt(ReplayStep step) {
            return step.code() == TAKE && open
                    ? new Prompt("chest", OPTIONS, step.intParam(0)) : null;
        }

        @Override
        public ReplayStep answer(ReplayStep step, int option) {
            if (option < 0 || option >= OPTIONS.size()) {
                throw new IllegalArgumentException("option " + option + " is not one of the " + OPTIONS.size()
                        + " options");
            }
            return GameReplay.super.answer(step, option);
        }
    }

    /** What the page is shown: the total, and what the chests did. */
    record View(long total, List<String> log) {
    }

    private record Snapshot(long total, List<String> log, boolean open) {
    }
}

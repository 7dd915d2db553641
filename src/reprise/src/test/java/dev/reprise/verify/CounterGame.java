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
package dev.reprise.verify;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.desync.StateHashCheck;
import dev.reprise.desync.StateHashRecorder;
import dev.reprise.io.ReplayFile;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplayArray;
import java.util.HexFormat;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import reactor.core.publisher.Mono;

/**
 * A tiny game for the verifier's tests: a running total. ADD adds its param, FAIL fails, HANG never
 * answers, HASH checks the total's hash; the total's start value comes from the file's metadata. Public for
 * the test kit's tests ({@code dev.reprise.test}).
 */
public final class CounterGame implements VerifiableGame {

    public static final String GAME_ID = "test.counter";
    public static final String START_KEY = "start";
    public static final String FINAL_KEY = "final-hash";
    public static final int ADD = 1;
    public static final int FAIL = 2;
    public static final int HANG = 3;
    public static final int HASH = 9;

    /** How many games were ever created, to check a verifier builds no game it does not need. */
    static final AtomicInteger CREATED = new AtomicInteger();

    private final ReplaySystem system = new ReplaySystem();
    private final long start;
    private long total;

    CounterGame(long start) {
        this.start = start;
        CREATED.incrementAndGet();
        system.registerCommand(ADD, "ADD", ReplayCommand.sync(step -> total += ((Number) step.param(0)).longValue()));
        system.registerCommand(FAIL, "FAIL", ReplayCommand.active((step, context) ->
                Mono.error(new IllegalStateException("told to fail"))));
        system.registerCommand(HANG, "HANG", ReplayCommand.active((step, context) -> Mono.never()));
        system.registerCommand(HASH, "HASH", new StateHashCheck(this::hash));
    }

    /** Builds the game a file describes: its start total is the metadata {@link #START_KEY}. */
    public static CounterGame of(ReplayFile file) {
        String start = file.metadata().get(START_KEY);
        if (start == null) {
            throw new IllegalArgumentException("no metadata \"" + START_KEY + "\"");
        }
        return new CounterGame(Long.parseLong(start));
    }

    long hash() {
        return hashOf(total);
    }

    /** The state hash of a game whose total is {@code total}. */
    static long hashOf(long total) {
        return total * 0x9E3779B97F4A7C15L + 17;
    }

    long total() {
        return total;
    }

    @Override
    public ReplaySystem system() {
        return system;
    }

    @Override
    public SandboxConfig<?> sandbox(ReplayArray route) {
        return SandboxConfig.<Void>builder(route, save -> total = start).build();
    }

    @Override
    public OptionalLong stateHash() {
        return OptionalLong.of(hash());
    }

    /** Records a game: ADD of each value, a hash step every 4 inputs and at the end; the file as bytes. */
    public static ReplayFile record(long start, long... adds) {
        CounterGame game = new CounterGame(start);
        game.total = start;
        ReplaySystem recorder = game.system;
        StateHashRecorder hashes = new StateHashRecorder(recorder, HASH, 4, game::hash);
        for (long add : adds) {
            hashes.record(ADD, add);
            game.total += add;
        }
        hashes.recordHash();
        return ReplayFile.builder(recorder.saveState()).gameId(GAME_ID).gameBuild("1")
                .dictionary(recorder.commandDictionary()).metadata(START_KEY, Long.toString(start))
                .metadata(FINAL_KEY, HexFormat.of().toHexDigits(game.hash())).build();
    }
}

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
package dev.reprise.testing;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.desync.StateHashRecorder;
import dev.reprise.io.ReplayFile;
import dev.reprise.verify.ReplayVerifierProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Builds of a small trading game as game jars ({@link GameJars#compileJar}), for the tests of where two runs
 * part ({@code Lockstep}, {@code replay-tool diff}, {@code determinism}, {@code compat --explain}).
 *
 * <p>The game: gold (100 at the start), silk and the town the trader is in. {@value #BUY} "buy" buys its
 * param of silk at 10 gold each, {@value #SELL} "sell" sells at 12, {@value #TRAVEL} "travel" goes to the town
 * its param names, {@value #HASH} "hash" checks the state hash. Every build hashes and describes its state
 * ({@code gold}, {@code silk}, {@code town}) and keeps complete snapshots, except where its name says:
 * <ul>
 *   <li>{@code 1}: as above;</li>
 *   <li>{@code 2}: renames "travel" to "go" (declaring the upgrade from build 1) and taxes silk sold in
 *       town 1, 2 gold each: only {@code gold} changes, at the first sale in town 1;</li>
 *   <li>{@code leaky}: a sale's price goes up by 1 every other sale counted in a static field, shared by
 *       every game of the jar;</li>
 *   <li>{@code forgetful}: its snapshot forgets the town.</li>
 * </ul>
 * Jars are compiled once per test run; thread-safe.
 */
public final class TradeJars {

    /** The game id of every build. */
    public static final String GAME_ID = "test.trade";
    public static final int BUY = 1;
    public static final int SELL = 2;
    public static final int TRAVEL = 3;
    public static final int HASH = 9;

    private static final String SOURCE = """
            package test.trade;

            import dev.reprise.ReplaySystem;
            import dev.reprise.command.ReplayCommand;
            import dev.reprise.desync.StateHashCheck;
            import dev.reprise.io.ReplayUpgrade;
            import dev.reprise.playback.SandboxConfig;
            import dev.reprise.playback.SnapshotProvider;
            import dev.reprise.route.ReplayArray;
            import dev.reprise.verify.ReplayVerifier;
            import dev.reprise.verify.ReplayVerifierProvider;
            import dev.reprise.verify.VerifiableGame;
            import java.util.LinkedHashMap;
            import java.util.Map;
            import java.util.OptionalLong;
            import java.util.Set;

            /** Build @BUILD@ of the trading game. */
            public final class TradeGame implements ReplayVerifierProvider {

                /** Sales of every game of this jar: only the leaky build reads it. */
                static int sales;

                public TradeGame() {
                }

                @Override
                public String gameId() {
                    return "test.trade";
                }

                @Override
                public Set<String> gameBuilds() {
                    return Set.of(@BUILDS@);
                }

                @Override
                public ReplayVerifier.Builder verifier() {
                    return ReplayVerifier.builder(file -> new Game()).gameId("test.trade")@UPGRADES@;
                }

                static final class Game implements VerifiableGame {
                    long gold;
                    int silk;
                    int town;
                    final ReplaySystem system = new ReplaySystem();

                    Game() {
                        system.registerCommand(1, "buy", ReplayCommand.sync(step -> {
                            silk += step.intParam(0);
                            gold -= 10L * step.intParam(0);
                        }));
                        system.registerCommand(2, "sell", ReplayCommand.sync(step -> sell(step.intParam(0))));
                        system.registerCommand(3, "@TRAVEL@", ReplayCommand.sync(step -> town = step.intParam(0)));
                        system.registerCommand(9, "hash", new StateHashCheck(this::hash));
                    }

                    void sell(int quantity) {
                        silk -= quantity;
                        gold += 12L * quantity@TAX@@LEAK@;
                    }

                    long hash() {
                        return (gold * 31 + silk) * 31 + town;
                    }

                    @Override
                    public ReplaySystem system() {
                        return system;
                    }

                    @Override
                    public SandboxConfig<?> sandbox(ReplayArray route) {
                        return SandboxConfig.builder(route, save -> {
                            gold = 100;
                            silk = 0;
                            town = 0;
                        }).snapshots(new SnapshotProvider<long[]>() {
                            @Override
                            public long[] capture() {
                                return new long[] {gold, silk, town};
                            }

                            @Override
                            public void restore(long[] snapshot) {
                                gold = snapshot[0];
                                silk = (int) snapshot[1];
                                @RESTORE_TOWN@
                            }

                            @Override
                            public long estimateBytes(long[] snapshot) {
                                return 40;
                            }
                        }).build();
                    }

                    @Override
                    public OptionalLong stateHash() {
                        return OptionalLong.of(hash());
                    }

                    @Override
                    public Map<String, ?> describeState() {
                        Map<String, Object> state = new LinkedHashMap<>();
                        state.put("gold", gold);
                        state.put("silk", silk);
                        state.put("town", town);
                        return state;
                    }
                }
            }
            """;

    private static final Map<String, Path> JARS = new HashMap<>();

    private TradeJars() {
    }

    /**
     * Returns the jar of a build, compiling it on first use.
     *
     * @param build {@code "1"}, {@code "2"}, {@code "leaky"} or {@code "forgetful"}
     * @return the jar, {@code trade-<build>.jar}, in a folder of its own that lives as long as the test run
     */
    public static synchronized Path jar(String build) {
        Path jar = JARS.get(build);
        if (jar == null) {
            try {
                Path folder = Files.createTempDirectory("reprise-trade-" + build + "-");
                folder.toFile().deleteOnExit();
                jar = GameJars.compileJar(folder, "trade-" + build + ".jar",
                        Map.of("test/trade/TradeGame.java", source(build)),
                        Map.of("META-INF/services/" + ReplayVerifierProvider.class.getName(), "test.trade.TradeGame\n"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            JARS.put(build, jar);
        }
        return jar;
    }

    /**
     * Copies builds' jars into a folder, as an operator installs them.
     *
     * @param folder the folder of game jars, created if absent
     * @param builds the builds
     * @return the folder
     */
    public static Path install(Path folder, String... builds) {
        try {
            Files.createDirectories(folder);
            for (String build : builds) {
                Files.copy(jar(build), folder.resolve("trade-" + build + ".jar"));
            }
            return folder;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String source(String build) {
        boolean two = build.equals("2");
        return SOURCE.replace("@BUILDS@", two ? "\"1\", \"2\"" : "\"" + build + "\"")
                .replace("@UPGRADES@", two ? "\n                .upgrade(ReplayUpgrade.builder(\"1\", \"2\")"
                        + ".renamed(\"travel\", \"go\").build())" : "")
                .replace("@TRAVEL@", two ? "go" : "travel")
                .replace("@TAX@", two ? " - (town == 1 ? 2L * quantity : 0)" : "")
                .replace("@LEAK@", build.equals("leaky") ? " + (sales++ % 2)" : "")
                .replace("@RESTORE_TOWN@", build.equals("forgetful") ? "" : "town = (int) snapshot[2];")
                .replace("@BUILD@", build);
    }

    /**
     * Records a replay by build 1's rules (the others' differ only where their rules do): steps given as
     * code and param pairs, a state-hash step every 4 inputs and at the end.
     *
     * @param header the build the file's header names
     * @param steps  code, param, code, param...
     * @return the file
     */
    public static ReplayFile record(String header, int... steps) {
        long[] state = {100, 0, 0}; // gold, silk, town
        ReplaySystem recorder = new ReplaySystem();
        recorder.registerCommand(BUY, "buy", ReplayCommand.sync(step -> { }));
        recorder.registerCommand(SELL, "sell", ReplayCommand.sync(step -> { }));
        recorder.registerCommand(TRAVEL, "travel", ReplayCommand.sync(step -> { }));
        recorder.registerCommand(HASH, "hash", ReplayCommand.sync(step -> { }));
        StateHashRecorder hashes = new StateHashRecorder(recorder, HASH, 4,
                () -> (state[0] * 31 + state[1]) * 31 + state[2]);
        for (int i = 0; i + 1 < steps.length; i += 2) {
            int code = steps[i];
            int param = steps[i + 1];
            hashes.record(code, param);
            switch (code) {
                case BUY -> {
                    state[1] += param;
                    state[0] -= 10L * param;
                }
                case SELL -> {
                    state[1] -= param;
                    state[0] += 12L * param;
                }
                case TRAVEL -> state[2] = param;
                default -> throw new IllegalArgumentException("no command " + code);
            }
        }
        hashes.recordHash();
        return ReplayFile.builder(recorder.saveState()).gameId(GAME_ID).gameBuild(header)
                .dictionary(recorder.commandDictionary()).build();
    }
}

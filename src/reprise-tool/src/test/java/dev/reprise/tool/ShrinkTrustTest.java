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
package dev.reprise.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.io.ReplayFile;
import dev.reprise.testing.GameJars;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code shrink} on a game whose invariant never returns ends within its budget, and on a game whose check
 * fails once in N runs writes nothing, saying the game or its checks are not deterministic.
 */
class ShrinkTrustTest {

    /** The tricky game: "add" adds its param, "tick" refuses on every Nth game built of a "flaky" build. */
    private static final String SOURCE = """
            package test.tricky;

            import dev.reprise.ReplaySystem;
            import dev.reprise.command.ReplayCommand;
            import dev.reprise.verify.ReplayVerifier;
            import dev.reprise.verify.ReplayVerifierProvider;
            import dev.reprise.verify.VerifiableGame;
            import java.util.concurrent.atomic.AtomicInteger;

            public final class TrickyGame implements ReplayVerifierProvider {
                static final AtomicInteger BUILT = new AtomicInteger();

                public TrickyGame() {
                }

                @Override
                public String gameId() {
                    return "test.tricky";
                }

                @Override
                public ReplayVerifier.Builder verifier() {
                    return ReplayVerifier.builder(file -> new Game(file.gameBuild()).verifiable()).gameId("test.tricky")
                            .invariant("the total stays below 100", game -> ((Verifiable) game).game.below100());
                }

                static final class Game {
                    final boolean unlucky;
                    final boolean hangs;
                    long total;
                    final ReplaySystem system = new ReplaySystem();

                    Game(String build) {
                        unlucky = build.equals("flaky") && BUILT.incrementAndGet() % 50 == 1;
                        hangs = build.equals("hang");
                        system.registerCommand(1, "add", ReplayCommand.sync(step -> total += step.intParam(0)));
                        system.registerCommand(2, "tick", ReplayCommand.sync(step -> {
                            if (unlucky) {
                                throw new IllegalStateException("the clock skipped at total " + total);
                            }
                        }));
                    }

                    boolean below100() {
                        while (hangs && total >= 100 && !Boolean.getBoolean("tricky.over")) {
                            try {
                                Thread.sleep(10); // a game stuck in its check, deaf to interrupts
                            } catch (InterruptedException e) {
                                // stuck
                            }
                        }
                        return total < 100;
                    }

                    VerifiableGame verifiable() {
                        return new Verifiable(this);
                    }
                }

                record Verifiable(Game game) implements VerifiableGame {
                    @Override
                    public ReplaySystem system() {
                        return game.system;
                    }

                    @Override
                    public dev.reprise.playback.SandboxConfig<?> sandbox(dev.reprise.route.ReplayArray route) {
                        return dev.reprise.playback.SandboxConfig.builder(route, save -> game.total = 0).build();
                    }
                }
            }
            """;

    @TempDir
    Path folder;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @AfterEach
    void letTheStuckGamesGo() {
        System.setProperty("tricky.over", "true");
    }

    private Path builds() throws IOException {
        Path builds = Files.createDirectory(folder.resolve("builds"));
        Path work = Files.createDirectory(folder.resolve("work"));
        Files.copy(GameJars.compileJar(work, "tricky.jar", Map.of("test/tricky/TrickyGame.java", SOURCE),
                Map.of("META-INF/services/dev.reprise.verify.ReplayVerifierProvider", "test.tricky.TrickyGame\n")),
                builds.resolve("tricky.jar"));
        return builds;
    }

    private Path report(String build, int... adds) throws IOException {
        ReplaySystem recorder = new ReplaySystem();
        recorder.registerCommand(1, "add", ReplayCommand.sync(step -> { }));
        recorder.registerCommand(2, "tick", ReplayCommand.sync(step -> { }));
        for (int add : adds) {
            recorder.record(1, add);
            recorder.record(2);
        }
        Path path = folder.resolve(build + ".reprise");
        ReplayFile.builder(recorder.saveState()).gameId("test.tricky").gameBuild(build)
                .dictionary(recorder.commandDictionary()).build().write(path);
        return path;
    }

    @Test
    void shrink_ofAnInvariantThatNeverReturns_endsWithinItsBudget() throws IOException {
        System.clearProperty("tricky.over");
        Path builds = builds();
        Path in = report("hang", 1, 2, 3, 30, 4, 5, 40, 6, 7, 30, 8);
        Path shrunk = folder.resolve("shrunk.reprise");

        long started = System.nanoTime();
        int status = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> ToolRun.run(out, err, "shrink",
                "--builds=" + builds, "--timeout=1", "--budget=3", in.toString(), shrunk.toString()));
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(status).as(err.toString()).isEqualTo(ReplayTool.OK);
        assertThat(out.toString()).contains("(TIMED_OUT)");
        assertThat(took).isLessThan(Duration.ofSeconds(30));
        assertThat(shrunk).exists();
    }

    @Test
    void shrink_ofACheckThatFailsOnceInNRuns_writesNothing_sayingItIsNotDeterministic() throws IOException {
        Path builds = builds();
        Path in = report("flaky", 1, 2, 3, 4, 5, 6, 7, 8);
        Path shrunk = folder.resolve("shrunk.reprise");

        int status = ToolRun.run(out, err, "shrink", "--builds=" + builds, in.toString(), shrunk.toString());

        assertThat(status).isEqualTo(ReplayTool.FAILED);
        assertThat(err.toString()).contains("judged twice, it was FAILED").contains("then VALID")
                .contains("not deterministic").contains("is not written");
        assertThat(shrunk).doesNotExist();
    }
}

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

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.testing.GameJars;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ServiceLoader;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.netty.http.client.HttpClient;

/**
 * A viewer of several builds ({@link ViewerOptions#withBuilds}): one game in two builds whose "scale" differs
 * ({@link GameJars}), each replay played on the jar of its own build, each jar's renderer served at an
 * address of its build, a replay of a build not installed refused naming the installed ones, and the jar of
 * an open replay kept loaded until its session closes.
 */
class ViewerBuildsTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    /** Add 3, scale, add 4: 10 on build 1 (scale doubles), 13 on build 2 (scale triples). */
    private static final long[] INPUTS = {3, 0, 4};

    @TempDir
    static Path root;
    static Path replays;
    static ViewerServer server;

    @BeforeAll
    static void start() throws IOException {
        replays = Files.createDirectories(root.resolve("replays"));
        Path builds = Files.createDirectories(root.resolve("builds"));
        GameJars.install(builds, "1");
        GameJars.install(builds, "2");
        writeReplays(replays);
        server = ViewerServer.start(ViewerOptions.defaults(replays).withStepInterval(Duration.ZERO).withBuilds(builds));
    }

    /** Writes a replay of build 1, one of build 2 and one of build 9, which no jar plays. */
    static void writeReplays(Path folder) throws IOException {
        GameJars.record("1", INPUTS).write(folder.resolve("build-1.reprise"));
        GameJars.record("2", INPUTS).write(folder.resolve("build-2.reprise"));
        GameJars.record("1", "9", INPUTS).write(folder.resolve("build-9.reprise"));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static String body(String path) {
        return HttpClient.create().get().uri(ViewerClient.at(server.url(), path))
                .responseSingle((response, bytes) -> bytes.asString().defaultIfEmpty("")
                        .map(text -> response.status().code() + " " + text)).block(WAIT);
    }

    /** Opens a replay, plays it and returns its last message: "ended" or "failed". */
    private static String play(ViewerClient client, String file) throws InterruptedException {
        client.open(file, "route");
        client.await("opened", WAIT);
        client.send("{\"t\":\"play\"}");
        return client.awaitFirst(WAIT, "ended", "failed");
    }

    @Test
    void twoSessions_playEachReplayOnTheJarOfItsOwnBuild() throws InterruptedException {
        try (ViewerClient one = new ViewerClient(server, 32, true); ViewerClient two = new ViewerClient(server, 32, true)) {
            one.open("build-1.reprise", "route");
            two.open("build-2.reprise", "route");
            assertThat(one.await("opened", WAIT)).contains("\"renderer\":\"/games/test.builds/@1/renderer.js\"");
            assertThat(two.await("opened", WAIT)).contains("\"renderer\":\"/games/test.builds/@2/renderer.js\"");
            one.send("{\"t\":\"play\"}");
            two.send("{\"t\":\"play\"}");
            assertThat(one.awaitFirst(WAIT, "ended", "failed")).startsWith("{\"t\":\"ended\"")
                    .contains("\"total\":10", "\"build\":\"1\"");
            assertThat(two.awaitFirst(WAIT, "ended", "failed")).startsWith("{\"t\":\"ended\"")
                    .contains("\"total\":13", "\"build\":\"2\"");
            assertThat(one.errors() + two.errors()).isZero();
        }
    }

    @Test
    void assets_areServedFromTheJarOfTheBuildInTheirAddress() {
        assertThat(body("/games/test.builds/@1/renderer.js")).startsWith("200 ").contains("'build 1'");
        assertThat(body("/games/test.builds/@2/renderer.js")).startsWith("200 ").contains("'build 2'");
        assertThat(body("/games/test.builds/renderer.js")).as("no build: no jar to serve it").startsWith("404 ");
        assertThat(body("/games/test.builds/@9/renderer.js")).as("no jar of build 9").startsWith("404 ");
        assertThat(body("/games/test.builds/2/renderer.js")).startsWith("404 ");
        assertThat(body("/games/test.builds/@1/..%2F..%2Frenderer.js")).startsWith("404 ");
    }

    @Test
    void anAssetAddressThatIsNotPercentEncoding_isNotFound_inOneLine() throws IOException {
        String answer = RawHttp.exchange(server, "GET /games/test.builds/@%ZZ/renderer.js HTTP/1.1",
                "Host: 127.0.0.1:" + server.port(), "Connection: close");
        assertThat(answer).startsWith("HTTP/1.1 404 Not Found").endsWith("\r\n\r\nnot found");
    }

    @Test
    void aReplayOfABuildNotInstalled_isRefusedNamingTheInstalledBuilds() throws InterruptedException {
        try (ViewerClient client = new ViewerClient(server, 32, true)) {
            client.open("build-9.reprise", "route");
            assertThat(client.awaitFirst(WAIT, "error", "opened")).startsWith("{\"t\":\"error\"")
                    .contains("build-9.reprise: a replay of build \\\"9\\\" of \\\"test.builds\\\", which no installed "
                            + "game plays (install a game jar of that build); installed: 1 (builds-1.jar), 2 "
                            + "(builds-2.jar)")
                    .doesNotContainIgnoringCase("invalid");
            // The session goes on: a replay of an installed build opens in it.
            assertThat(play(client, "build-2.reprise")).startsWith("{\"t\":\"ended\"").contains("\"total\":13");
        }
    }

    @Test
    void theJarOfAnOpenReplay_staysLoadedUntilItsSessionCloses(@TempDir Path dir) throws Exception {
        Path folder = Files.createDirectories(dir.resolve("replays"));
        Path builds = Files.createDirectories(dir.resolve("builds"));
        writeReplays(folder);
        Path jar = GameJars.install(builds, "1");
        try (ViewerServer viewer = ViewerServer.start(ViewerOptions.defaults(folder).withStepInterval(Duration.ZERO)
                .withBuilds(builds))) {
            URLClassLoader loader;
            try (ViewerGames.Played played = viewer.games().play(GameJars.record("1", INPUTS))) {
                loader = (URLClassLoader) played.game().getClass().getClassLoader();
            }
            try (ViewerClient client = new ViewerClient(viewer, 32, true)) {
                client.open("build-1.reprise", "route");
                client.await("opened", WAIT);
                Files.delete(jar); // build 1 is uninstalled while a page has its replay open
                try (ViewerClient other = new ViewerClient(viewer, 32, true)) {
                    other.open("build-1.reprise", "route");
                    assertThat(other.awaitFirst(WAIT, "error", "opened")).startsWith("{\"t\":\"error\"")
                            .contains("a replay of \\\"test.builds\\\", the viewer knows []");
                }
                assertThat(loader.findResource(ViewerGame.RESOURCES + GameJars.GAME_ID + "/renderer.js")).as("the jar of the open replay is still loaded").isNotNull();
                client.send("{\"t\":\"play\"}");
                assertThat(client.awaitFirst(WAIT, "ended", "failed")).startsWith("{\"t\":\"ended\"")
                        .contains("\"total\":10");
            }
            Awaitility.await().atMost(WAIT).untilAsserted(() -> assertThat(loader.findResource(ViewerGame.RESOURCES
                    + GameJars.GAME_ID + "/renderer.js")).as("unloaded once its session closed").isNull());
        }
    }

    @Test
    void aJarAddedWhileServing_playsTheNextReplayOfItsBuild(@TempDir Path dir) throws Exception {
        Path folder = Files.createDirectories(dir.resolve("replays"));
        Path builds = Files.createDirectories(dir.resolve("builds"));
        writeReplays(folder);
        GameJars.install(builds, "1");
        try (ViewerServer viewer = ViewerServer.start(ViewerOptions.defaults(folder).withStepInterval(Duration.ZERO)
                .withBuilds(builds)); ViewerClient client = new ViewerClient(viewer, 32, true)) {
            client.open("build-2.reprise", "route");
            assertThat(client.awaitFirst(WAIT, "error", "opened")).startsWith("{\"t\":\"error\"")
                    .contains("installed: 1 (builds-1.jar) in ");
            GameJars.install(builds, "2");
            // Loaded on a thread of its own: a session never waits for a jar, it plays it once it is loaded.
            Awaitility.await().atMost(WAIT).until(() -> viewer.games().describe().contains("builds-2.jar"));
            assertThat(play(client, "build-2.reprise")).startsWith("{\"t\":\"ended\"").contains("\"total\":13");
        }
    }

    @Test
    void withoutABuildsFolder_aGamesBuildsAreRespected(@TempDir Path dir) throws Exception {
        writeReplays(dir);
        try (URLClassLoader jar = new URLClassLoader(new URL[] {GameJars.jar("1").toUri().toURL()},
                ViewerGame.class.getClassLoader())) {
            ViewerGame build1 = ServiceLoader.load(ViewerGame.class, jar).stream()
                    .filter(provider -> provider.type().getClassLoader() == jar).findFirst().orElseThrow().get();
            try (ViewerServer viewer = ViewerServer.start(ViewerOptions.defaults(dir).withStepInterval(Duration.ZERO),
                    build1); ViewerClient client = new ViewerClient(viewer, 32, true)) {
                client.open("build-2.reprise", "route");
                assertThat(client.awaitFirst(WAIT, "error", "opened")).startsWith("{\"t\":\"error\"")
                        .contains("a replay of build \\\"2\\\" of \\\"test.builds\\\", which no installed game "
                                + "plays (install a game jar of that build); installed: build 1");
                client.open("build-1.reprise", "route");
                assertThat(client.await("opened", WAIT)).contains("\"renderer\":\"/games/test.builds/renderer.js\"");
                client.send("{\"t\":\"play\"}");
                assertThat(client.awaitFirst(WAIT, "ended", "failed")).startsWith("{\"t\":\"ended\"")
                        .contains("\"total\":10");
            }
        }
    }
}

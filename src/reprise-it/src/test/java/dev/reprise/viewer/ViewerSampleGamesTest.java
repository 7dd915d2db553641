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

import dev.reprise.guide.CoinViewer;
import dev.reprise.samples.viewer.tower.TowerViewer;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.netty.http.client.HttpClient;

/**
 * How the samples' and the guide's games plug in: the tower's renderer served from its own jar, the coin game
 * without one shown as a table, and the getting-started coin game's passive steps answered by the route or by
 * the person, over the page's protocol.
 */
class ViewerSampleGamesTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String TOWER_RENDERER = "/games/dev.reprise.samples.tower/renderer.js";

    @TempDir
    static Path folder;
    static ViewerServer server;

    @BeforeAll
    static void start() throws IOException {
        ViewerFixtures.write(ViewerFixtures.record(11L, 3, 200, 25), folder, "tower.reprise");
        CoinViewer.writeSample(folder.resolve("coin.reprise"));
        server = ViewerServer.start(ViewerOptions.defaults(folder).withStepInterval(Duration.ZERO)
                .withDialogTimeout(Duration.ofSeconds(10)), TowerViewer.replaysOnly(), new CoinViewer());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static int status(String path) {
        return HttpClient.create().get().uri(ViewerClient.at(server.url(), path))
                .response().map(response -> response.status().code()).block(WAIT);
    }

    private static String body(String path) {
        return HttpClient.create().get().uri(ViewerClient.at(server.url(), path))
                .responseSingle((response, bytes) -> bytes.asString()).block(WAIT);
    }

    @Test
    void renderer_isServedFromTheGamesOwnJar_neverFromTheViewersResources() {
        assertThat(body(TOWER_RENDERER)).contains("window.ViewerRenderers['dev.reprise.samples.tower']");
        assertThat(status("/static/tower.js")).isEqualTo(404);
        assertThat(status("/games/coin-game/renderer.js")).as("the coin game has none").isEqualTo(404);
        assertThat(status("/games/unknown/renderer.js")).isEqualTo(404);
        assertThat(status("/games/dev.reprise.samples.tower/..%2F..%2Fviewer.js")).isEqualTo(404);
        assertThat(status("/static/viewer.js")).isEqualTo(200);
    }

    @Test
    void opened_namesTheRenderer_orNoneForAGameWithout() throws InterruptedException {
        try (ViewerClient client = new ViewerClient(server, 32, true)) {
            client.open("tower.reprise", "route");
            assertThat(client.await("opened", WAIT)).contains("\"renderer\":\"" + TOWER_RENDERER + "\"");
            client.open("coin.reprise", "route");
            assertThat(client.await("opened", WAIT)).contains("\"renderer\":null", "\"v\":{\"state\":\"at 0,0, 0 gold, 0 keys\"}");
        }
    }

    @Test
    void coinGame_byTheRoute_appliesTheRecordedAnswers() throws InterruptedException {
        try (ViewerClient client = new ViewerClient(server, 32, true)) {
            client.open("coin.reprise", "route");
            client.await("opened", WAIT);
            client.send("{\"t\":\"play\"}");
            assertThat(client.await("ended", WAIT)).contains("\"state\":\"at 2,1, 10 gold, 1 keys\"");
            assertThat(client.errors()).isZero();
        }
    }

    @Test
    void coinGame_interactive_thePersonsAnswerChangesTheGame() throws InterruptedException {
        try (ViewerClient client = new ViewerClient(server, 32, true)) {
            client.open("coin.reprise", "interactive");
            client.await("opened", WAIT);
            client.send("{\"t\":\"play\"}");
            String asked = client.await("step", message -> message.contains("\"prompt\""), WAIT);
            assertThat(asked).contains("\"i\":2", "\"title\":\"chest\"", "\"recorded\":0", "[\"the gold\",\"the key\"]");
            client.send("{\"t\":\"answer\",\"i\":2,\"option\":1}"); // the key, where the route took the gold
            assertThat(client.await("answered", WAIT)).contains("\"by\":\"you\"", "\"option\":1");
            assertThat(client.await("step", message -> message.contains("\"prompt\""), WAIT)).contains("\"i\":5");
            client.send("{\"t\":\"answer\",\"i\":5,\"option\":1}");
            assertThat(client.await("ended", WAIT)).contains("\"state\":\"at 2,1, 0 gold, 2 keys\"");
            assertThat(client.errors()).isZero();
        }
    }
}

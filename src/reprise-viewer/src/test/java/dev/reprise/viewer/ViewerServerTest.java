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

import dev.reprise.io.ReplayFileReader;
import dev.reprise.ReplaySystem;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplaySave;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import reactor.core.publisher.Mono;
import reactor.netty.ByteBufFlux;
import reactor.netty.http.client.HttpClient;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The viewer's protocol, driven by WebSocket clients: playing, seeking, dialogs, errors, credits. */
class ViewerServerTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    static Path folder;
    static ReplaySave route;
    static int stringChoice;
    static ViewerServer server;

    @BeforeAll
    static void start() throws IOException {
        route = SumViewer.route(600, 25, 100);
        SumViewer.write(route, folder.resolve("sums.reprise"));
        writeDesynced(folder.resolve("desync.reprise"));
        Files.writeString(folder.resolve("corrupt.reprise"), "not a replay");
        stringChoice = writeStringTake(folder.resolve("string-take.reprise"));
        server = ViewerServer.start(ViewerOptions.defaults(folder).withStepInterval(Duration.ZERO)
                .withDialogTimeout(Duration.ofMillis(600)).withCheckpointInterval(50), new SumViewer());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static ViewerClient client() {
        return new ViewerClient(server, 32, true);
    }

    /** Writes a copy whose add at a third of the route adds one more, so that the next hash step fails. */
    private static void writeDesynced(Path file) throws IOException {
        ReplaySystem changed = SumViewer.recorder();
        changed.array().loadState(route.detach());
        int at = firstAfter(changed.array(), SumViewer.ADD, route.length() / 3);
        changed.array().set(at, SumViewer.ADD, changed.array().get(at).intParam(0) + 1);
        SumViewer.write(changed.saveState(), file);
    }

    /**
     * Writes a hostile copy whose first take has a string where the option belongs: the game's prompt and
     * its apply both throw on it.
     *
     * @return the index of that step
     */
    private static int writeStringTake(Path file) throws IOException {
        ReplaySystem changed = SumViewer.recorder();
        changed.array().loadState(route.detach());
        int at = firstAfter(changed.array(), SumViewer.TAKE, 0);
        changed.array().set(at, SumViewer.TAKE, "not an option");
        SumViewer.write(changed.saveState(), file);
        return at;
    }

    private static int firstAfter(ReplayArray steps, int code, int from) {
        for (int i = from; i < steps.length(); i++) {
            if (steps.get(i).code() == code) {
                return i;
            }
        }
        throw new IllegalStateException("no step of code " + code + " at or after " + from);
    }

    private static void assertTotal(String message, long expected) {
        assertThat(ViewerClient.number(message, "total")).as(message).isEqualTo(expected);
    }

    @Test
    void open_playToEnd_endsInTheRecordedState() throws InterruptedException {
        try (ViewerClient client = client()) {
            client.open("sums.reprise", "route");
            String opened = client.await("opened", WAIT);
            assertThat(ViewerClient.number(opened, "length")).isEqualTo(route.length());
            client.send("{\"t\":\"play\"}");
            String ended = client.await("ended", WAIT);
            assertThat(ViewerClient.number(ended, "replayed")).isEqualTo(route.length());
            assertTotal(ended, SumViewer.totalAfter(route, route.length()));
            assertThat(client.errors()).isZero();
        }
    }

    @Test
    void seek_backwardAndForward_landsInTheStraightState() throws InterruptedException {
        try (ViewerClient client = client()) {
            client.open("sums.reprise", "route");
            client.await("opened", WAIT);
            for (int target : new int[] {route.length() * 3 / 4, route.length() / 4, route.length() / 2}) {
                client.send("{\"t\":\"seek\",\"to\":" + target + "}");
                String seeked = client.await("seeked", WAIT);
                int landed = (int) ViewerClient.number(seeked, "replayed");
                assertThat(landed).isBetween(target, target + 8);
                assertTotal(seeked, SumViewer.totalAfter(route, landed));
            }
            assertThat(client.await("stats", message -> message.contains("\"checkpoints\":[5"), WAIT))
                    .as("checkpoints are reported").isNotNull();
        }
    }

    @Test
    void badMessages_getErrors_andTheSessionGoesOn() throws InterruptedException {
        try (ViewerClient client = client()) {
            client.send("garbage");
            assertThat(client.await("error", WAIT)).contains("bad JSON message at character 0");
            client.send("{\"t\":\"warp\"}");
            assertThat(client.await("error", WAIT)).contains("unknown message type");
            client.send("{\"t\":\"play\"}");
            assertThat(client.await("error", WAIT)).contains("nothing is open");
            client.send("{\"t\":\"open\",\"file\":\"../sums.reprise\"}");
            assertThat(client.await("error", WAIT)).contains("not a replay name");
            client.send("{\"t\":\"open\",\"file\":\"missing.reprise\"}");
            assertThat(client.await("error", WAIT)).contains("no replay named");
            client.send("{\"t\":\"open\",\"file\":\"corrupt.reprise\"}");
            assertThat(client.await("error", WAIT)).contains("corrupt.reprise: Not a Reprise replay file");
            client.open("sums.reprise", "route");
            client.await("opened", WAIT);
            client.send("{\"t\":\"seek\",\"to\":\"far\"}");
            assertThat(client.await("error", WAIT)).contains("\\\"to\\\" must be a whole number");
            client.send("{\"t\":\"speed\",\"x\":1000}");
            assertThat(client.await("error", WAIT)).contains("speed must be 0.25 to 64");
            client.send("{\"t\":\"credit\",\"n\":100000}");
            assertThat(client.await("error", WAIT)).contains("must be a whole number 1..256");
            client.send("{\"t\":\"play\"}");
            client.await("ended", WAIT);
        }
    }

    @Test
    void desync_failsNamingStepCodePhaseAndWindow() throws InterruptedException {
        try (ViewerClient client = client()) {
            client.open("desync.reprise", "route");
            client.await("opened", WAIT);
            client.send("{\"t\":\"play\"}");
            String failed = client.await("failed", WAIT);
            assertThat(failed).contains("\"name\":\"hash\"", "\"phase\":\"execute\"", "\"desync\":{\"from\":");
            assertThat(ViewerClient.number(failed, "to")).isGreaterThan(ViewerClient.number(failed, "from"));
        }
    }

    @Test
    void interactive_answerTakesThatBranch_orTheRouteAnswersWhenTimeRunsOut() throws InterruptedException {
        try (ViewerClient client = client()) {
            client.open("sums.reprise", "interactive");
            client.await("opened", WAIT);
            client.send("{\"t\":\"play\"}");
            String asked = client.await("step", message -> message.contains("\"prompt\""), WAIT);
            long index = ViewerClient.number(asked, "i");
            client.send("{\"t\":\"answer\",\"i\":" + index + ",\"option\":99}");
            assertThat(client.await("error", WAIT)).contains("option 99 is not one of the");
            long recorded = ViewerClient.number(asked, "recorded");
            client.send("{\"t\":\"answer\",\"i\":" + index + ",\"option\":" + recorded + "}");
            assertThat(client.await("answered", WAIT)).contains("\"by\":\"you\"");
            // The next dialog is left alone: the route's own answer is used when its time runs out.
            client.await("step", message -> message.contains("\"prompt\""), WAIT);
            assertThat(client.await("answered", WAIT)).contains("\"by\":\"route\"");
        }
    }

    @Test
    void hostileTake_failsThatStepInPassive_inBothModes_andTheControlsStillAnswer() throws InterruptedException {
        for (String mode : new String[] {"route", "interactive"}) {
            try (ViewerClient client = client()) {
                client.open("string-take.reprise", mode);
                client.await("opened", WAIT);
                client.send("{\"t\":\"play\"}");
                String failed = client.await("failed", WAIT);
                assertThat(failed).as(mode).contains("\"name\":\"take\"", "\"phase\":\"passive\"");
                assertThat(ViewerClient.number(failed, "step")).as(mode).isEqualTo(stringChoice);
                client.send("{\"t\":\"pause\"}");
                assertThat(client.await("paused", WAIT)).as(mode).contains("\"state\":\"FAILED\"");
                client.send("{\"t\":\"step\"}");
                assertThat(client.await("stepped", WAIT)).as(mode).contains("\"state\":\"FAILED\"");
                client.send("{\"t\":\"seek\",\"to\":" + stringChoice / 2 + "}"); // reopens the file
                assertThat(ViewerClient.number(client.await("seeked", WAIT), "replayed")).as(mode)
                        .isBetween((long) stringChoice / 2, (long) stringChoice);
                client.send("{\"t\":\"play\"}");
                assertThat(ViewerClient.number(client.await("failed", WAIT), "step")).as(mode + ", reopened")
                        .isEqualTo(stringChoice);
            }
        }
    }

    @Test
    void sessionsBeyondTheSessionBudget_areRefusedSayingSo_untilOneCloses() throws InterruptedException, IOException {
        long each = SessionBudget.replayBytes(route, ViewerOptions.defaults(folder).checkpointBudget());
        try (ViewerServer own = ViewerServer.start(ViewerOptions.defaults(folder).withSessionBudget(2 * each + each / 2),
                new SumViewer());
             ViewerClient first = new ViewerClient(own, 32, true);
             ViewerClient second = new ViewerClient(own, 32, true);
             ViewerClient third = new ViewerClient(own, 32, true)) {
            for (ViewerClient client : List.of(first, second)) {
                client.open("sums.reprise", "route");
                client.await("opened", WAIT);
            }
            third.open("sums.reprise", "route");
            assertThat(third.await("error", WAIT)).contains("sums.reprise: this replay needs about",
                    "of the viewer's session memory", "budget: close a session, or try again later");
            String uploaded = post(own, Files.readAllBytes(folder.resolve("sums.reprise")), true);
            String token = uploaded.replaceAll(".*\"upload\":\"([0-9a-f]+)\".*", "$1");
            third.send("{\"t\":\"open\",\"upload\":\"" + token + "\",\"mode\":\"route\"}");
            assertThat(third.await("error", WAIT)).as(uploaded).contains("of the viewer's session memory");
            assertThat(own.sessionBudget().heldBytes()).isEqualTo(2 * each);
            second.open("sums.reprise", "route"); // reopening gives its own bytes back first
            second.await("opened", WAIT);
            first.close();
            Awaitility.await().atMost(WAIT).until(() -> own.sessionBudget().heldBytes() == each); // its session closed
            third.send("{\"t\":\"open\",\"upload\":\"" + token + "\",\"mode\":\"route\"}"); // still kept
            third.await("opened", WAIT);
            assertThat(own.sessionBudget().heldBytes()).isEqualTo(2 * each);
        }
    }

    @Test
    void silentPage_isClosedAfterTheIdleTimeout() throws InterruptedException {
        try (ViewerServer quick = ViewerServer.start(ViewerOptions.defaults(folder)
                .withIdleTimeout(Duration.ofMillis(300)), new SumViewer());
             ViewerClient client = new ViewerClient(quick, 8, true)) {
            client.await("hello", WAIT);
            assertThat(client.await("error", WAIT)).contains("without a message from the page");
            client.closed().block(WAIT);
            assertThat(quick.sessionCount()).isZero();
        }
    }

    @Test
    void upload_overTheReadersCap_isRefusedBeforeItIsRead() {
        ReplayFileReader small = ReplayFileReader.builder().maxSteps(100).maxParamBytes(100).maxHeaderBytes(1024).build();
        try (ViewerServer capped = ViewerServer.start(ViewerOptions.defaults(folder).withReader(small),
                new SumViewer())) {
            byte[] body = new byte[(int) small.maxFileBytes() + 1];
            assertThat(post(capped, body, true)).startsWith("413 ").contains("uploads are capped at " + small.maxFileBytes());
            // Undeclared: refused by whichever comes first, a chunk passing the cap or the reader on the first bytes.
            assertThat(post(capped, body, false)).matches("413 .*uploads are capped at " + small.maxFileBytes()
                    + ".*|400 .*Not a Reprise replay file.*");
            // Within the cap, the first bytes are enough: they are not a replay's.
            assertThat(post(capped, new byte[1000], false)).startsWith("400 ").contains("Not a Reprise replay file");
        }
    }

    private static String post(ViewerServer to, byte[] body, boolean declared) {
        return HttpClient.create()
                .headers(headers -> {
                    if (declared) {
                        headers.set("Content-Length", body.length);
                    }
                })
                .post().uri(ViewerClient.at(to.url(), "/api/upload?name=big.reprise"))
                .send(ByteBufFlux.fromInbound(Mono.just(body)))
                .responseSingle((response, content) -> content.asString()
                        .map(text -> response.status().code() + " " + text))
                .block(WAIT);
    }

    @Test
    void stepsSent_onlyGrows_whenSessionsReopenAndClose() throws InterruptedException {
        try (ViewerServer own = ViewerServer.start(ViewerOptions.defaults(folder).withStepInterval(Duration.ZERO),
                new SumViewer())) {
            long seen = 0;
            for (int round = 0; round < 3; round++) {
                ViewerClient client = new ViewerClient(own, 32, true);
                client.open("sums.reprise", "route");
                client.await("opened", WAIT);
                client.send("{\"t\":\"play\"}");
                client.await("ended", WAIT);
                long afterPlay = own.stepsSent();
                assertThat(afterPlay).isGreaterThanOrEqualTo(seen + route.length());
                client.open("sums.reprise", "route"); // a new playback in the same session
                client.await("opened", WAIT);
                assertThat(own.stepsSent()).as("after reopening").isGreaterThanOrEqualTo(afterPlay);
                client.close();
                client.closed().block(WAIT);
                for (int i = 0; i < 200 && own.sessionCount() > 0; i++) {
                    assertThat(own.stepsSent()).as("while the session closes").isGreaterThanOrEqualTo(afterPlay);
                    Thread.onSpinWait();
                }
                seen = own.stepsSent();
                assertThat(seen).as("after closing").isGreaterThanOrEqualTo(afterPlay);
            }
        }
    }

    @Test
    void stalledClient_getsNoMoreThanItsCredits() throws InterruptedException {
        try (ViewerClient client = new ViewerClient(server, 16, false)) {
            client.open("sums.reprise", "route");
            client.await("opened", WAIT);
            client.send("{\"t\":\"play\"}");
            client.await("stats", WAIT);
            client.await("stats", WAIT);
            assertThat(client.steps()).isEqualTo(16);
        }
    }
}

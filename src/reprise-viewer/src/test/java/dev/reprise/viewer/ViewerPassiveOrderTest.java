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

import dev.reprise.ReplaySystem;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The viewer applies a passive step's answer as playback does: only after the active step it answers has
 * completed, in route order. In the sum game ({@link SumViewer}) a chest opens 50 ms after its step; the
 * answer "take the gem" needs it open, and the interactive mode asks only about an open chest. Played by the route, fast-forwarded by a seek and
 * answered by the person, every gem is taken after its chest opened.
 */
class ViewerPassiveOrderTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final int CHEST = SumViewer.CHEST;
    private static final int TAKE = SumViewer.TAKE;
    /** Every gem of the route taken, in order: what each way of playing it must end with. */
    private static final String ALL_TAKEN = "\"log\":[\"opened@0\",\"took@1\",\"took@2\",\"opened@3\",\"took@4\"]";

    @TempDir
    static Path folder;
    static ViewerServer server;

    @BeforeAll
    static void start() throws IOException {
        ReplaySystem recorder = SumViewer.recorder();
        recorder.array().add(CHEST);
        recorder.array().add(TAKE, 0);
        recorder.array().add(TAKE, 0);
        recorder.array().add(CHEST);
        recorder.array().add(TAKE, 0);
        SumViewer.write(recorder.saveState(), folder.resolve("chest.reprise"));
        server = ViewerServer.start(ViewerOptions.defaults(folder).withStepInterval(Duration.ZERO)
                .withDialogTimeout(Duration.ofSeconds(10)), new SumViewer());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void byTheRoute_eachAnswerIsAppliedAfterItsChestOpened() throws InterruptedException {
        try (ViewerClient client = new ViewerClient(server, 32, true)) {
            client.open("chest.reprise", "route");
            client.await("opened", WAIT);
            client.send("{\"t\":\"play\"}");
            assertThat(client.awaitFirst(WAIT, "ended", "failed")).startsWith("{\"t\":\"ended\"").contains(ALL_TAKEN);
        }
    }

    @Test
    void aSeekFastForwarding_appliesEachAnswerAfterItsChestOpened() throws InterruptedException {
        try (ViewerClient client = new ViewerClient(server, 32, true)) {
            client.open("chest.reprise", "route");
            client.await("opened", WAIT);
            client.send("{\"t\":\"seek\",\"to\":5}");
            assertThat(client.awaitFirst(WAIT, "seeked", "failed", "error")).startsWith("{\"t\":\"seeked\"")
                    .contains(ALL_TAKEN);
        }
    }

    @Test
    void interactive_theDialogAsksOnceTheChestIsOpen_andTheAnswerIsApplied() throws InterruptedException {
        try (ViewerClient client = new ViewerClient(server, 32, true)) {
            client.open("chest.reprise", "interactive");
            client.await("opened", WAIT);
            client.send("{\"t\":\"play\"}");
            for (int asked : new int[] {1, 2, 4}) {
                String step = client.awaitFirst(WAIT, "step", "failed");
                while (step.startsWith("{\"t\":\"step\"") && !step.contains("\"prompt\"")) {
                    step = client.awaitFirst(WAIT, "step", "failed");
                }
                assertThat(step).contains("\"i\":" + asked, "\"title\":\"chest\"");
                client.send("{\"t\":\"answer\",\"i\":" + asked + ",\"option\":0}");
                assertThat(client.await("answered", WAIT)).contains("\"by\":\"you\"");
            }
            assertThat(client.awaitFirst(WAIT, "ended", "failed")).startsWith("{\"t\":\"ended\"").contains(ALL_TAKEN);
            assertThat(client.errors()).isZero();
        }
    }
}

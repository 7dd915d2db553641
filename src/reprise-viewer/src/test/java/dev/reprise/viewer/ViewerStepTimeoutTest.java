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
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A game's command that never returns and ignores interrupts ({@link SumViewer.Hang#IGNORING_INTERRUPTS})
 * takes its own session's thread only: the step fails its session, named, within the step timeout, and the
 * other sessions go on answering, however many such sessions there are.
 */
@Timeout(60)
class ViewerStepTimeoutTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    static Path folder;
    static SumViewer game = new SumViewer(SumViewer.Hang.IGNORING_INTERRUPTS);
    static ViewerServer server;

    @BeforeAll
    static void start() throws IOException {
        write("hangs.reprise", SumViewer.HANG);
        write("adds.reprise", SumViewer.ADD);
        server = ViewerServer.start(ViewerOptions.defaults(folder).withStepInterval(Duration.ZERO)
                .withLimits(ServerLimits.defaults().withStepTimeout(Duration.ofMillis(300))), game);
    }

    /** Writes {@code add 1}, the given step, {@code add 1}. */
    private static void write(String name, int middle) throws IOException {
        ReplaySystem recorder = SumViewer.recorder();
        recorder.array().add(SumViewer.ADD, 1);
        recorder.array().add(middle, 1);
        recorder.array().add(SumViewer.ADD, 1);
        SumViewer.write(recorder.saveState(), folder.resolve(name));
    }

    @AfterAll
    static void stop() {
        server.close();
        game.release();
    }

    @Test
    void aCommandThatNeverReturns_failsItsSessionNamingTheStep_andTheOtherSessionsGoOnAnswering()
            throws InterruptedException {
        // More than the viewer's workers: each would have taken one for good.
        int hanging = Math.max(4, Runtime.getRuntime().availableProcessors()) + 1;
        List<ViewerClient> clients = new ArrayList<>();
        try {
            for (int i = 0; i < hanging; i++) {
                ViewerClient client = new ViewerClient(server, 32, true);
                clients.add(client);
                client.open("hangs.reprise", "route");
                client.await("opened", WAIT);
                client.send("{\"t\":\"play\"}");
            }
            for (ViewerClient client : clients) {
                assertThat(client.awaitFirst(WAIT, "failed", "ended")).startsWith("{\"t\":\"failed\"")
                        .contains("\"step\":1", "\"name\":\"hang\"", "step 1 (hang) did not complete within the "
                                + "viewer's 300 ms step timeout");
            }
            try (ViewerClient other = new ViewerClient(server, 32, true)) {
                other.open("adds.reprise", "route");
                other.await("opened", WAIT);
                other.send("{\"t\":\"play\"}");
                assertThat(other.awaitFirst(WAIT, "ended", "failed")).startsWith("{\"t\":\"ended\"")
                        .contains("\"total\":3");
            }
        } finally {
            clients.forEach(ViewerClient::close);
        }
    }
}

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

import com.fasterxml.jackson.databind.JsonNode;
import dev.reprise.ReplaySystem;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.viewer.ViewerFixtures.Recording;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many sessions of replays at the reader's caps against a viewer in a child JVM at {@code -Xmx256m} with
 * its default session budget (half the heap): the sessions that fit open and play, every other one is
 * refused with a message that says so, the viewer never runs out of memory, its live heap stays within
 * the budget plus {@link #BEYOND_BUDGET_MIB}, and the budget comes back when the sessions close.
 */
class ViewerSessionBudgetIT {

    private static final int CLIENTS = 24;
    private static final Duration ANSWER = Duration.ofSeconds(60);
    /** What the viewer holds besides its sessions (classes, Netty, the reader's pools), the bound this test states. */
    private static final long BEYOND_BUDGET_MIB = 48;

    @TempDir
    Path folder;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void sessionsBeyondTheBudget_areRefusedSayingSo_andTheHeapNeverRunsOut() throws Exception {
        Recording recording = ViewerFixtures.record(11L, 3, 50, 25);
        ReplaySystem moves = new ReplaySystem(); // 1,000,000 steps, the reader's cap, in a file of about a kilobyte
        for (int i = 0; i < 1_000_000; i++) {
            moves.array().add(i % 2 == 0 ? TowerCodes.UP : TowerCodes.DOWN);
        }
        ViewerFixtures.write(recording, moves.saveState(), folder, "moves.reprise");
        ReplaySystem hashes = new ReplaySystem(); // 800,000 steps and 7.2 MB of params, near the params cap
        for (int i = 0; i < 800_000; i++) {
            hashes.array().add(TowerCommands.STATE_HASH, (long) i * 0x9E3779B97F4A7C15L);
        }
        ViewerFixtures.write(recording, hashes.saveState(), folder, "hashes.reprise");
        List<String> files = List.of("moves.reprise", "hashes.reprise");
        ViewerOptions defaults = ViewerOptions.defaults(folder);
        long[] estimates = new long[2];
        for (int i = 0; i < 2; i++) {
            estimates[i] = SessionBudget.replayBytes(defaults.reader().read(folder.resolve(files.get(i))).save(),
                    defaults.checkpointBudget());
        }

        try (ViewerProcess viewer = ViewerProcess.start(folder, "256m", "--dir", folder.toString(), "--no-live")) {
            List<ViewerClient> clients = new ArrayList<>();
            List<ViewerClient> opened = new ArrayList<>();
            int[] openedOf = new int[2];
            List<ViewerClient> refused = new ArrayList<>();
            try {
                for (int i = 0; i < CLIENTS; i++) {
                    ViewerClient client = new ViewerClient(viewer.address(), 32, true);
                    clients.add(client);
                    client.keepSteps(false);
                    client.open(files.get(i % 2), "route");
                }
                for (int i = 0; i < CLIENTS; i++) {
                    ViewerClient client = clients.get(i);
                    String answer = client.awaitFirst(ANSWER, "opened", "error");
                    if (answer.startsWith("{\"t\":\"opened\"")) {
                        opened.add(client);
                        openedOf[i % 2]++;
                        client.send("{\"t\":\"speed\",\"x\":64}");
                        client.send("{\"t\":\"play\"}");
                    } else {
                        assertThat(answer).as("client %d", i).contains(files.get(i % 2) + ": this replay needs about",
                                "of the viewer's session memory", "budget: close a session, or try again later");
                        refused.add(client);
                    }
                }
                JsonNode stats = viewer.stats(ANSWER);
                long budget = stats.get("sessionBudget").asLong();
                long held = stats.get("sessionBytes").asLong();
                long live = viewer.liveHeapMiB();
                String figure = String.format("viewer session budget: -Xmx256m, budget %,d bytes (%d MiB, half the heap); "
                                + "%d sessions asked for replays at the reader's caps, half 1,000,000 moves (estimated %,d "
                                + "bytes a session), half 800,000 steps with 7.2 MB of params (estimated %,d): %d + %d opened "
                                + "and played, %d refused saying so; estimated %,d bytes held; live heap after a full "
                                + "collection %d MiB (bound: the budget + %d MiB)",
                        budget, budget >> 20, CLIENTS, estimates[0], estimates[1], openedOf[0], openedOf[1],
                        refused.size(), held, live, BEYOND_BUDGET_MIB);
                ViewerFixtures.report("viewer-session-budget.txt", figure);
                assertThat(budget).as("half of -Xmx256m").isBetween(100L << 20, 128L << 20);
                assertThat(held).isLessThanOrEqualTo(budget);
                assertThat(opened).as(figure).isNotEmpty();
                assertThat(refused).as(figure).isNotEmpty();
                assertThat(live).as(figure).isLessThanOrEqualTo((budget >> 20) + BEYOND_BUDGET_MIB);

                // Closing the sessions gives their bytes back: a refused page can open its replay now.
                opened.forEach(ViewerClient::close);
                Awaitility.await().atMost(ANSWER).until(() -> viewer.stats(ANSWER).get("sessionBytes").asLong() == 0);
                ViewerClient again = refused.get(0);
                again.open("hashes.reprise", "route");
                assertThat(again.await("opened", ANSWER)).contains("\"name\":\"hashes.reprise\"");
            } finally {
                clients.forEach(ViewerClient::close);
            }
            assertThat(viewer.output()).doesNotContain("OutOfMemoryError");
            assertThat(viewer.isAlive()).as(viewer.output()).isTrue();
            viewer.stop();
        }
    }
}

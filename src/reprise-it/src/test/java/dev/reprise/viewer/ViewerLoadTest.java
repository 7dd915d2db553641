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

import dev.reprise.samples.Demo;
import dev.reprise.samples.tower.TowerBot;
import dev.reprise.samples.tower.TowerGenerator;
import dev.reprise.samples.viewer.tower.TowerViewer;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Twenty viewer sessions at full speed (WebSocket clients, no browser) on the demo's replay, plus one
 * client that stops granting credits: no errors, every session's memory bounded, and the stalled
 * session held at its credits. Prints (and writes to {@code target/viewer-load.txt}) the steps per
 * second delivered.
 */
class ViewerLoadTest {

    private static final int SESSIONS = Integer.getInteger("viewer.load.sessions", 20);
    private static final int WINDOW = 64;
    private static final Duration RUN = Duration.ofSeconds(5);
    private static final Duration WAIT = Duration.ofSeconds(30);
    /** Route, checkpoints and a full outbox of one session stay far below this. */
    private static final long SESSION_BOUND = 2L << 20;

    @TempDir
    Path folder;

    @Test
    void twentySessionsAtFullSpeed_noErrors_boundedMemory_stalledClientHeld() throws Exception {
        ViewerFixtures.Recording recording = ViewerFixtures.record(Demo.SEED, TowerGenerator.DEFAULT_FLOORS,
                TowerBot.DEFAULT_INPUT_LIMIT, 50);
        ViewerFixtures.write(recording, folder, "demo.reprise");
        List<ViewerClient> clients = new ArrayList<>();
        try (ViewerServer server = ViewerServer.start(ViewerOptions.defaults(folder).withStepInterval(Duration.ZERO),
                TowerViewer.replaysOnly())) {
            ViewerClient stalled = new ViewerClient(server, WINDOW, false);
            clients.add(stalled);
            stalled.open("demo.reprise", "route");
            stalled.await("opened", WAIT);
            stalled.send("{\"t\":\"play\"}");
            for (int i = 0; i < SESSIONS; i++) {
                ViewerClient client = new ViewerClient(server, WINDOW, true);
                client.keepSteps(false);
                client.loop(true);
                clients.add(client);
                client.open("demo.reprise", "route");
                client.await("opened", WAIT);
                client.send("{\"t\":\"play\"}");
            }

            com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                    ManagementFactory.getOperatingSystemMXBean();
            long startCpu = os.getProcessCpuTime();
            long startSteps = server.stepsSent();
            long start = System.nanoTime();
            long largest = 0;
            long stalledBytesAtStart = -1;
            long stalledBytesMax = 0;
            ViewerSession stalledSession = server.sessionsById().get(server.sessionsById().keySet().stream()
                    .min(Long::compare).orElseThrow());
            while (System.nanoTime() - start < RUN.toNanos()) {
                largest = Math.max(largest, server.largestSessionBytes());
                long stalledBytes = stalledSession.bytes();
                stalledBytesAtStart = stalledBytesAtStart < 0 ? stalledBytes : stalledBytesAtStart;
                stalledBytesMax = Math.max(stalledBytesMax, stalledBytes);
                stalled.await("stats", Duration.ofSeconds(2)); // the stalled page still gets its stats, once a second
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            double cpuSeconds = (os.getProcessCpuTime() - startCpu) / 1e9;
            long delivered = server.stepsSent() - startSteps;
            double rate = delivered / seconds;
            long errors = clients.stream().mapToLong(ViewerClient::errors).sum();

            String report = String.format(Locale.ROOT, "viewer load: %d sessions at full speed on a %,d-step replay for "
                    + "%.1f s: %,d steps delivered, %,.0f steps/s in total (%,.0f per session), %,.0f steps per CPU "
                    + "second of the JVM (%.1f CPU s, clients included; %d processors, load average %.1f); errors %d; "
                    + "largest session %,d bytes (route + checkpoints + outbox); stalled client: %d steps received, "
                    + "its session %,d -> %,d bytes%n", SESSIONS, recording.array().length(), seconds, delivered, rate,
                    rate / SESSIONS, delivered / cpuSeconds, cpuSeconds, os.getAvailableProcessors(),
                    os.getSystemLoadAverage(), errors, largest, stalled.steps(), stalledBytesAtStart, stalledBytesMax);
            System.out.print(report);
            Files.createDirectories(Path.of("target"));
            Files.writeString(Path.of("target", "viewer-load.txt"), report);

            assertThat(errors).isZero();
            // Every session moves; how fast depends on the machine, which a unit test does not judge.
            assertThat(clients.subList(1, clients.size())).allSatisfy(client -> assertThat(client.steps()).isPositive());
            assertThat(largest).as("largest session's bytes").isLessThan(SESSION_BOUND);
            assertThat(stalled.steps()).as("steps sent to the client that stopped granting").isEqualTo(WINDOW);
            assertThat(stalledBytesMax).as("the stalled session's bytes do not grow")
                    .isLessThanOrEqualTo(stalledBytesAtStart + 4096);
        } finally {
            clients.forEach(ViewerClient::close);
        }
    }
}

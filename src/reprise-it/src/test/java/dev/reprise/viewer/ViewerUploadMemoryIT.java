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
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.viewer.ViewerFixtures.Recording;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Uploads against a viewer in a forked JVM with a small heap: parallel uploads of large valid files
 * and of large garbage never make it run out of memory; what uploads hold stays within the budget, and
 * what does not fit is refused with a clear 503.
 */
class ViewerUploadMemoryIT {

    private static final long BUDGET = 24L << 20;
    private static final Duration WAIT = Duration.ofSeconds(120);

    @TempDir
    Path folder;

    @Test
    void parallelUploads_inA128MiBHeap_stayWithinTheBudget() throws Exception {
        byte[] large = largeReplay();
        try (ViewerProcess server = ViewerProcess.start(folder, "128m", "--dir", folder.toString(), "--no-live",
                "--upload-budget", Long.toString(BUDGET))) {
            HttpClient client = server.http();
            List<String> answers = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                List<CompletableFuture<HttpResponse<String>>> inFlight = new ArrayList<>();
                for (int i = 0; i < 6; i++) {
                    inFlight.add(client.sendAsync(HttpRequest.newBuilder(server.uri("/api/upload?name=big" + i + ".reprise"))
                            .timeout(WAIT).POST(HttpRequest.BodyPublishers.ofByteArray(large)).build(),
                            HttpResponse.BodyHandlers.ofString()));
                    // Garbage of 33 MB without a Content-Length: refused on its first bytes.
                    inFlight.add(client.sendAsync(HttpRequest.newBuilder(server.uri("/api/upload?name=junk" + i + ".reprise"))
                            .timeout(WAIT).POST(HttpRequest.BodyPublishers.ofInputStream(
                                    () -> new ByteArrayInputStream(new byte[33 << 20]))).build(),
                            HttpResponse.BodyHandlers.ofString()).exceptionally(e -> null));
                }
                for (CompletableFuture<HttpResponse<String>> answer : inFlight) {
                    HttpResponse<String> response = answer.get(WAIT.toSeconds(), TimeUnit.SECONDS);
                    if (response != null) { // a refused garbage upload may see its connection closed mid-body instead
                        answers.add(response.statusCode() + " " + response.body());
                    }
                }
                JsonNode stats = server.stats(WAIT);
                assertThat(stats.get("uploadBytes").asLong()).as("upload bytes after round %d: %s", round, stats)
                        .isLessThanOrEqualTo(BUDGET);
            }
            assertThat(answers).allSatisfy(answer -> assertThat(answer).matches(
                    "(200 \\{\"upload\":\"[0-9a-f]{32}\"\\}|400 .*Not a Reprise replay file.*|503 .*upload.*try again later.*)"));
            assertThat(answers).anyMatch(answer -> answer.startsWith("200 "));
            assertThat(answers).anyMatch(answer -> answer.startsWith("400 "));
            assertThat(server.isAlive()).as("the server is alive: %s", server.output()).isTrue();
            assertThat(server.stats(WAIT).get("keptUploads").asInt()).isBetween(1, (int) (BUDGET / large.length));
            server.stop();
            assertThat(server.output()).doesNotContain("OutOfMemoryError");
        }
    }

    /** A valid tower replay of about 8 MB, uncompressed: 900,000 state-hash steps. */
    private byte[] largeReplay() throws IOException {
        Recording recording = ViewerFixtures.record(11L, 3, 50, 25);
        ReplaySystem big = new ReplaySystem();
        for (int i = 0; i < 900_000; i++) {
            big.array().add(TowerCommands.STATE_HASH, (long) i * 0x9E3779B97F4A7C15L);
        }
        return Files.readAllBytes(ViewerFixtures.write(recording, big.saveState(), folder, "big.reprise"));
    }
}

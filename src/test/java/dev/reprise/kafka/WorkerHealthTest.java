package dev.reprise.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

class WorkerHealthTest {

    private static final WorkerSettings SETTINGS = WorkerSettings.builder("127.0.0.1:9").workerId("h").build();

    /** A run that does nothing until stopped. */
    private static final class IdleRun implements RunStarter.Run {
        private final java.util.function.Consumer<@Nullable Throwable> onEnd;

        IdleRun(java.util.function.Consumer<@Nullable Throwable> onEnd) {
            this.onEnd = onEnd;
        }

        @Override
        public void stop() {
            onEnd.accept(null);
        }

        @Override
        public void crash() {
            onEnd.accept(new IllegalStateException("crash"));
        }

        @Override
        public void dispose() {
        }

        @Override
        public long committedVerdicts() {
            return 0;
        }

        @Override
        public long abortedTransactions() {
            return 0;
        }
    }

    private static int get(HttpClient client, int port, String path) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    @Test
    void liveAndReady_followTheWorker() throws Exception {
        VerificationWorker worker = new VerificationWorker(SETTINGS, IdleRun::new, Duration.ofMillis(10),
                Duration.ofMillis(10));
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        try (WorkerHealth health = WorkerHealth.start(worker,
                new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            assertThat(get(client, health.port(), "/health/live")).as("built, not started").isEqualTo(200);
            assertThat(get(client, health.port(), "/health/ready")).isEqualTo(503);
            worker.start();
            assertThat(get(client, health.port(), "/health/ready")).isEqualTo(200);
            worker.close();
            assertThat(get(client, health.port(), "/health/live")).isEqualTo(503);
            assertThat(get(client, health.port(), "/health/ready")).isEqualTo(503);
            assertThat(get(client, health.port(), "/health/other")).isEqualTo(404);
        }
    }
}

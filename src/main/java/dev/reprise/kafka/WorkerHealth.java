package dev.reprise.kafka;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BooleanSupplier;

/**
 * Liveness and readiness over HTTP for orchestrators, on the JDK's own {@link HttpServer}: {@code GET
 * /health/live} answers 200 while the worker has not ended ({@link VerificationWorker#alive()}), {@code GET
 * /health/ready} answers 200 while it consumes ({@link VerificationWorker#running()}: not between two runs
 * after a failure, not stopping); otherwise 503. Off unless started; {@link WorkerMain} starts it when
 * {@code health.port} is set. One thread; close it to free the port.
 */
public final class WorkerHealth implements AutoCloseable {

    private final HttpServer server;
    private final ExecutorService thread;

    private WorkerHealth(HttpServer server, ExecutorService thread) {
        this.server = server;
        this.thread = thread;
    }

    /**
     * Starts answering for a worker.
     *
     * @param worker the worker to report on
     * @param address where to listen, e.g. {@code new InetSocketAddress(8080)}; port 0 picks a free one
     * @return the running endpoint
     * @throws IOException if the address cannot be bound
     */
    public static WorkerHealth start(VerificationWorker worker, InetSocketAddress address) throws IOException {
        Objects.requireNonNull(worker, "worker");
        HttpServer server = HttpServer.create(address, 0);
        server.createContext("/health/live", exchange -> answer(exchange, worker::alive));
        server.createContext("/health/ready", exchange -> answer(exchange, worker::running));
        ExecutorService thread = Executors.newSingleThreadExecutor(runnable -> {
            Thread t = new Thread(runnable, "reprise-worker-health");
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(thread);
        server.start();
        return new WorkerHealth(server, thread);
    }

    /**
     * Returns the port it listens on (the one picked, for port 0).
     *
     * @return the port
     */
    public int port() {
        return server.getAddress().getPort();
    }

    private static void answer(HttpExchange exchange, BooleanSupplier check) throws IOException {
        try (exchange) {
            if (!exchange.getRequestMethod().equals("GET") && !exchange.getRequestMethod().equals("HEAD")) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            boolean up = check.getAsBoolean();
            byte[] body = (up ? "UP\n" : "DOWN\n").getBytes(StandardCharsets.US_ASCII);
            exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=us-ascii");
            boolean head = exchange.getRequestMethod().equals("HEAD");
            exchange.sendResponseHeaders(up ? 200 : 503, head ? -1 : body.length);
            if (!head) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        }
    }

    /** Stops answering at once and frees the port. */
    @Override
    public void close() {
        server.stop(0);
        thread.shutdownNow();
    }
}

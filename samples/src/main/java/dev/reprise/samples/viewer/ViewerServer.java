package dev.reprise.samples.viewer;

import dev.reprise.samples.tower.TowerGenerator;
import dev.reprise.samples.viewer.tower.TowerViewer;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.netty.DisposableServer;
import reactor.netty.NettyOutbound;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import reactor.netty.http.server.HttpServerResponse;
import reactor.netty.http.server.WebsocketServerSpec;
import reactor.netty.http.websocket.WebsocketInbound;
import reactor.netty.http.websocket.WebsocketOutbound;

/**
 * The replay viewer: a Reactor Netty server for a page that shows a game's replays (from a folder or
 * uploaded) and its live game, with the controls of {@link dev.reprise.playback.ReplaySandbox}.
 * Steps travel over a WebSocket by credits (see {@code docs/viewer.md}); one sandbox per session.
 *
 * <p>Routes: {@code /} the page, {@code /static/{name}} its files (classpath, next to this class),
 * {@code /api/replays} the folder's files, {@code POST /api/upload?name=} an upload,
 * {@code /api/stats} the server's numbers, {@code /ws} the session socket. Binds {@code 127.0.0.1}
 * unless told otherwise. Thread-safe; {@link #close()} stops it.
 *
 * <p>Run: {@code mvn -q -DskipTests test-compile exec:java -Dexec.mainClass=dev.reprise.samples.viewer.ViewerServer
 * -Dexec.args="--dir target/demo"} (options: {@code --port n}, {@code --host addr}, {@code --no-live}).
 */
public final class ViewerServer implements AutoCloseable {

    private static final String STATIC_ROOT = "dev/reprise/samples/viewer/";
    private static final Pattern STATIC_NAME = Pattern.compile("[a-z0-9-]{1,64}\\.(html|css|js|png)");
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8",
            "css", "text/css; charset=utf-8", "js", "text/javascript; charset=utf-8", "png", "image/png");

    private final ViewerOptions options;
    private final List<ViewerGame> games;
    private final ReplayLibrary library;
    private final Scheduler scheduler;
    private final DisposableServer server;
    private final Map<Long, ViewerSession> sessions = new ConcurrentHashMap<>();
    private final AtomicLong nextId = new AtomicLong(1);
    private final AtomicLong closedSent = new AtomicLong();

    private ViewerServer(ViewerOptions options, List<ViewerGame> games) {
        this.options = options;
        this.games = List.copyOf(games);
        Map<String, ViewerGame> byId = new LinkedHashMap<>();
        games.forEach(game -> byId.put(game.gameId(), game));
        this.library = new ReplayLibrary(options, byId);
        this.scheduler = Schedulers.newParallel("reprise-viewer", Math.max(4, Runtime.getRuntime().availableProcessors()));
        try {
            this.server = HttpServer.create()
                    .host(options.host())
                    .port(options.port())
                    .route(routes -> routes
                            .get("/", (request, response) -> resource(response, "index.html"))
                            .get("/static/{name}", (request, response) -> resource(response, request.param("name")))
                            .get("/api/replays", (request, response) -> replays(response))
                            .get("/api/stats", (request, response) -> json(response, HttpResponseStatus.OK, statsJson()))
                            .post("/api/upload", this::upload)
                            .ws("/ws", this::socket, WebsocketServerSpec.builder()
                                    .maxFramePayloadLength(Json.MAX_MESSAGE_CHARS * 4).build()))
                    .bindNow(Duration.ofSeconds(10));
        } catch (RuntimeException e) {
            scheduler.dispose();
            throw e;
        }
    }

    /**
     * Starts a viewer.
     *
     * @param options where to bind, the folder and the limits
     * @param games the games it shows (at least one; files are matched to them by game id)
     * @return the running server
     * @throws IllegalArgumentException if no game is given
     */
    public static ViewerServer start(ViewerOptions options, ViewerGame... games) {
        if (games.length == 0) {
            throw new IllegalArgumentException("a viewer needs at least one game");
        }
        return new ViewerServer(options, List.of(games));
    }

    /** @return the port the server listens on */
    public int port() {
        return server.port();
    }

    /** @return the page's address, e.g. {@code http://127.0.0.1:8080/} */
    public String url() {
        return "http://" + options.host() + ":" + port() + "/";
    }

    /** @return the sessions open now */
    public int sessionCount() {
        return sessions.size();
    }

    /** @return the step messages sent to pages since the server started, over all sessions */
    public long stepsSent() {
        return closedSent.get() + sessions.values().stream().mapToLong(ViewerSession::sent).sum();
    }

    /** @return the estimated bytes held by the largest session now (playback and outbox) */
    public long largestSessionBytes() {
        return sessions.values().stream().mapToLong(ViewerSession::bytes).max().orElse(0);
    }

    /** @return the open sessions by id; for tests */
    Map<Long, ViewerSession> sessionsById() {
        return sessions;
    }

    ReplayLibrary library() {
        return library;
    }

    List<ViewerGame> games() {
        return games;
    }

    void closed(ViewerSession session) {
        if (sessions.remove(session.id()) != null) {
            closedSent.addAndGet(session.sent());
        }
    }

    private Publisher<Void> socket(WebsocketInbound in, WebsocketOutbound out) {
        if (sessions.size() >= options.maxSessions()) {
            return out.sendString(Mono.just("{\"t\":\"error\",\"message\":\"the viewer is full (" + options.maxSessions()
                    + " sessions); try again later\"}")).then();
        }
        ViewerSession session = new ViewerSession(nextId.getAndIncrement(), this, options, scheduler);
        sessions.put(session.id(), session);
        Mono<Void> inbound = in.aggregateFrames(Json.MAX_MESSAGE_CHARS * 4).receive().asString()
                .doOnNext(session::receive).then();
        Mono<Void> outbound = out.sendString(session.messages()).then();
        return Mono.firstWithSignal(inbound, outbound)
                .onErrorResume(error -> Mono.empty())
                .doFinally(signal -> session.dispose());
    }

    private NettyOutbound resource(HttpServerResponse response, @Nullable String name) {
        if (name == null || !STATIC_NAME.matcher(name).matches()) {
            return response.status(HttpResponseStatus.NOT_FOUND).sendString(Mono.just("not found"));
        }
        byte[] bytes = readResource(name);
        if (bytes == null) {
            return response.status(HttpResponseStatus.NOT_FOUND).sendString(Mono.just("not found"));
        }
        String type = TYPES.get(name.substring(name.lastIndexOf('.') + 1));
        return response.header(HttpHeaderNames.CONTENT_TYPE, type)
                .header(HttpHeaderNames.CACHE_CONTROL, "no-cache")
                .sendByteArray(Mono.just(bytes));
    }

    private static byte @Nullable [] readResource(String name) {
        try (InputStream in = ViewerServer.class.getClassLoader().getResourceAsStream(STATIC_ROOT + name)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private NettyOutbound replays(HttpServerResponse response) {
        StringBuilder out = new StringBuilder("{\"folder\":");
        Json.quote(out, options.folder().toString()).append(",\"live\":")
                .append(games.stream().anyMatch(game -> game.live() != null)).append(",\"files\":[");
        try {
            List<Map.Entry<String, Long>> files = library.list();
            for (int i = 0; i < files.size(); i++) {
                Json.quote(out.append(i == 0 ? "{\"name\":" : ",{\"name\":"), files.get(i).getKey())
                        .append(",\"bytes\":").append(files.get(i).getValue()).append('}');
            }
        } catch (IOException e) {
            return json(response, HttpResponseStatus.INTERNAL_SERVER_ERROR,
                    "{\"error\":" + Json.quote("cannot list the folder: " + e.getMessage()) + "}");
        }
        return json(response, HttpResponseStatus.OK, out.append("]}").toString());
    }

    private Publisher<Void> upload(HttpServerRequest request, HttpServerResponse response) {
        long max = library.maxUploadBytes();
        String declared = request.requestHeaders().get(HttpHeaderNames.CONTENT_LENGTH);
        if (declared != null && parseLong(declared) > max) {
            return json(response, HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, error("the file has " + declared
                    + " bytes, uploads are capped at " + max + " (the replay reader's caps)"));
        }
        List<String> names = new QueryStringDecoder(request.uri()).parameters().getOrDefault("name", List.of("upload"));
        String name = names.isEmpty() ? "upload" : names.get(0);
        return request.receive().asByteArray()
                .reduce(new ByteArrayOutputStream(), (buffer, chunk) -> {
                    if (buffer.size() + (long) chunk.length > max) {
                        throw new UploadTooLarge("the upload passed " + max
                                + " bytes, uploads are capped at " + max + " (the replay reader's caps)");
                    }
                    buffer.write(chunk, 0, chunk.length);
                    return buffer;
                })
                .map(buffer -> "{\"upload\":" + Json.quote(library.upload(name, buffer.toByteArray())) + "}")
                .flatMap(body -> Mono.from(json(response, HttpResponseStatus.OK, body)))
                .onErrorResume(IllegalArgumentException.class, e -> Mono.from(json(response,
                        e instanceof UploadTooLarge ? HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE
                                : HttpResponseStatus.BAD_REQUEST, error(e.getMessage()))));
    }

    /** An upload that passed the cap while it streamed in (it had no Content-Length to refuse it by). */
    private static final class UploadTooLarge extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        UploadTooLarge(String message) {
            super(message);
        }
    }

    private static long parseLong(String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    private static String error(String message) {
        return "{\"error\":" + Json.quote(message) + "}";
    }

    private static NettyOutbound json(HttpServerResponse response, HttpResponseStatus status, String body) {
        return response.status(status).header(HttpHeaderNames.CONTENT_TYPE, "application/json")
                .sendByteArray(Mono.just(body.getBytes(StandardCharsets.UTF_8)));
    }

    private String statsJson() {
        return "{\"sessions\":" + sessionCount() + ",\"stepsSent\":" + stepsSent() + ",\"largestSessionBytes\":"
                + largestSessionBytes() + "}";
    }

    /** Closes every session and stops the server. */
    @Override
    public void close() {
        sessions.values().forEach(ViewerSession::dispose);
        server.disposeNow(Duration.ofSeconds(5));
        scheduler.dispose();
    }

    /**
     * Starts the viewer on the tower game, with the bot playing live, and prints its address.
     *
     * @param args {@code --dir folder} (default {@code target/demo}), {@code --port n} (default free),
     *     {@code --host addr} (default 127.0.0.1), {@code --no-live}
     */
    public static void main(String[] args) {
        ViewerOptions options = ViewerOptions.defaults(Path.of("target/demo"));
        boolean live = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--dir" -> options = options.withFolder(Path.of(value(args, ++i)));
                case "--port" -> options = options.withPort(Integer.parseInt(value(args, ++i)));
                case "--host" -> options = options.withHost(value(args, ++i));
                case "--no-live" -> live = false;
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + "; use --dir folder, --port n, --host addr, --no-live");
            }
        }
        TowerViewer tower = live ? TowerViewer.withLiveBot(1, TowerGenerator.DEFAULT_FLOORS, 100_000, Duration.ofMillis(50))
                : TowerViewer.replaysOnly();
        ViewerServer viewer = start(options, tower);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            viewer.close();
            tower.close();
        }));
        System.out.println("Reprise viewer: " + viewer.url() + " (replays from " + options.folder().toAbsolutePath()
                + "; Ctrl-C stops)");
        viewer.server.onDispose().block();
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new IllegalArgumentException(args[i - 1] + " needs a value");
        }
        return args[i];
    }
}

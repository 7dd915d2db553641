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

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import dev.reprise.verify.GameBuilds;
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
import reactor.netty.http.websocket.WebsocketInbound;
import reactor.netty.http.websocket.WebsocketOutbound;

/**
 * The replay viewer's server: Reactor Netty, for a page that shows games' replays (from a folder or
 * uploaded) and their live games, with the controls of {@link dev.reprise.playback.ReplaySandbox}.
 * Steps travel over a WebSocket by credits (see {@code docs/viewer.md}); one sandbox per session.
 *
 * <p>Routes: {@code /} the page, {@code /static/{name}} its files (this library's resources),
 * {@code /games/{gameId}/{name}} a game's renderer and assets (from the game's own jar, under
 * {@link ViewerGame#RESOURCES}; {@code /games/{gameId}/@{build}/{name}} from the jar of that build when the
 * options name a {@linkplain ViewerOptions#withBuilds builds folder}), {@code /api/replays} the folder's files, {@code POST /api/upload?name=}
 * an upload, {@code /api/stats} the server's numbers, {@code /ws} the session socket. Binds
 * {@code 127.0.0.1} unless told otherwise. Every request must name this viewer as its Host and come from its
 * own page (or what the options allow), and the API and socket need the access token of {@link #url()}
 * ({@link AccessGuard}; see the security section of {@code docs/viewer.md}). Connections, their timeouts
 * and upload memory are bounded by the options' {@link ServerLimits}, what the sessions hold by their
 * session budget (see {@code docs/reliability.md}). Thread-safe; {@link #close()} stops it.
 * {@link ViewerMain} is its command line.
 */
public final class ViewerServer implements AutoCloseable {

    private static final String STATIC_ROOT = "dev/reprise/viewer/";
    private static final Pattern STATIC_NAME = Pattern.compile("[a-z0-9-]{1,64}\\.(html|css|js|png)");
    private static final Pattern ASSET_NAME = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}\\.(css|js|png|svg|json)");
    private static final String REFERRER_POLICY = "Referrer-Policy";
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8",
            "css", "text/css; charset=utf-8", "js", "text/javascript; charset=utf-8", "png", "image/png",
            "svg", "image/svg+xml", "json", "application/json");

    private final ViewerOptions options;
    private final ViewerGames games;
    private final ReplayLibrary library;
    private final Scheduler scheduler;
    private final DisposableServer server;
    private final Map<Long, ViewerSession> sessions = new ConcurrentHashMap<>();
    private final AtomicLong nextId = new AtomicLong(1);
    private final AtomicLong stepsSent = new AtomicLong();
    private final ConnectionGuard guard;
    private final SessionBudget sessionBudget;
    private final @Nullable String accessToken;
    private final AccessGuard access;

    private ViewerServer(ViewerOptions options, ViewerGames games) {
        this.options = options;
        this.accessToken = options.accessTokenRequired()
                ? options.accessToken().orElseGet(ViewerServer::randomToken) : null;
        this.access = new AccessGuard(options, accessToken);
        this.games = games;
        this.library = new ReplayLibrary(options, games);
        this.guard = new ConnectionGuard(options.limits());
        this.sessionBudget = new SessionBudget(options.sessionBudget());
        this.scheduler = Schedulers.newParallel("reprise-viewer", Math.max(4, Runtime.getRuntime().availableProcessors()));
        try {
            this.server = HttpServer.create()
                    .host(options.host())
                    .port(options.port())
                    .idleTimeout(options.limits().connectionIdleTimeout())
                    .doOnChannelInit((observer, channel, address) -> guard.install(channel))
                    .route(routes -> routes
                            .get("/", guarded(false, (request, response) -> // its address carries the token
                                    resource(response.header(REFERRER_POLICY, "no-referrer"), "index.html")))
                            .get("/static/{name}", guarded(false, (request, response) ->
                                    resource(response, request.param("name"))))
                            .get("/games/{game}/{name}", guarded(false, (request, response) ->
                                    asset(response, request.param("game"), null, request.param("name"))))
                            .get("/games/{game}/{build}/{name}", guarded(false, (request, response) ->
                                    asset(response, request.param("game"), request.param("build"),
                                            request.param("name"))))
                            .get("/api/replays", guarded(true, (request, response) -> replays(response)))
                            .get("/api/stats", guarded(true, (request, response) ->
                                    json(response, HttpResponseStatus.OK, stats())))
                            .post("/api/upload", guarded(true, this::upload))
                            .get("/ws", guarded(true, (request, response) -> request.requestHeaders()
                                    .containsValue(HttpHeaderNames.CONNECTION, HttpHeaderValues.UPGRADE, true)
                                    ? response.sendWebsocket(this::socket, SessionSocket.SPEC)
                                    : response.sendNotFound())))
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
     * @param games the games it shows (at least one; files are matched to them by game id and build), or none
     *     if the options name a {@linkplain ViewerOptions#withBuilds builds folder}
     * @return the running server
     * @throws IllegalArgumentException if no game is given (or the builds folder holds no game jar), games
     *     are given as well as a builds folder, two share a game id, or an id is not a plain name (letters,
     *     digits, {@code . _ -})
     */
    public static ViewerServer start(ViewerOptions options, ViewerGame... games) {
        return start(options, List.of(games));
    }

    /**
     * Starts a viewer, e.g. on the games {@link ViewerGame#installed()} finds, or on the game jars of the
     * options' {@linkplain ViewerOptions#withBuilds builds folder}: each jar in its own class loader, each
     * replay played on the jar whose game id and builds match its header, leased while a page has it open.
     *
     * @param options where to bind, the folder and the limits
     * @param games the games it shows (at least one; files are matched to them by game id and build), or none
     *     if the options name a builds folder
     * @return the running server
     * @throws IllegalArgumentException if no game is given (or the builds folder is missing or holds no game
     *     jar), games are given as well as a builds folder, two share a game id, or an id is not a plain name
     *     (letters, digits, {@code . _ -})
     */
    public static ViewerServer start(ViewerOptions options, List<? extends ViewerGame> games) {
        Path folder = options.builds().orElse(null);
        if (folder == null) {
            return new ViewerServer(options, ViewerGames.of(games));
        }
        if (!games.isEmpty()) {
            throw new IllegalArgumentException("the viewer plays the game jars of " + folder + ", or the games it is "
                    + "given, not both");
        }
        GameBuilds<ViewerGame> builds = ViewerGames.load(folder);
        if (builds.installed().isEmpty()) {
            String skipped = builds.skipped().stream().map(problem -> problem.path().getFileName() + " "
                    + problem.reason()).collect(Collectors.joining("; "));
            builds.close();
            throw new IllegalArgumentException("no game jar in " + folder + " lists a " + ViewerGame.class.getName()
                    + " in META-INF/services" + (skipped.isEmpty() ? "" : " (skipped: " + skipped + ")"));
        }
        ViewerGames fromJars = ViewerGames.folder(builds);
        try {
            return new ViewerServer(options, fromJars);
        } catch (RuntimeException | Error e) {
            fromJars.close();
            throw e;
        }
    }

    private static String randomToken() {
        byte[] token = new byte[16];
        RANDOM.nextBytes(token);
        return HexFormat.of().formatHex(token);
    }

    /**
     * Answers a route only if the request passes the {@link AccessGuard}: its Host, its Origin and, if the
     * route needs it, the access token; a refused one gets the reason and its connection is closed (an
     * upload's body is never read).
     */
    private BiFunction<HttpServerRequest, HttpServerResponse, Publisher<Void>> guarded(boolean needsToken,
            BiFunction<HttpServerRequest, HttpServerResponse, Publisher<Void>> route) {
        return (request, response) -> {
            List<String> tokens = new QueryStringDecoder(request.uri()).parameters().getOrDefault("token", List.of());
            Optional<AccessGuard.Refusal> refusal = access.check(request.requestHeaders().get(HttpHeaderNames.HOST),
                    request.requestHeaders().get(HttpHeaderNames.ORIGIN), tokens.isEmpty() ? null : tokens.get(0),
                    needsToken);
            return refusal.isPresent() ? refused(response, HttpResponseStatus.valueOf(refusal.get().status()),
                    refusal.get().message()) : route.apply(request, response);
        };
    }

    /** @return the port the server listens on */
    public int port() {
        return server.port();
    }

    /**
     * Returns the page's address, with the access token if one is needed: what the command line prints.
     *
     * @return e.g. {@code http://127.0.0.1:8080/?token=3f9c...}
     */
    public String url() {
        return "http://" + (options.host().contains(":") ? "[" + options.host() + "]" : options.host()) + ":" + port()
                + "/" + (accessToken == null ? "" : "?token=" + accessToken);
    }

    /**
     * Returns the access token the API and the WebSocket need: the options' own, or a random one (128 bits)
     * made when the server started.
     *
     * @return the token, or empty if the options need none
     */
    public Optional<String> accessToken() {
        return Optional.ofNullable(accessToken);
    }

    /** @return the sessions open now */
    public int sessionCount() {
        return sessions.size();
    }

    /** @return the step messages sent to pages since the server started, over all sessions; only ever grows */
    public long stepsSent() {
        return stepsSent.get();
    }

    /** Counts one step message sent by a session. */
    void stepSent() {
        stepsSent.incrementAndGet();
    }

    /** @return the TCP connections open now, refused ones included until they close */
    public int connectionCount() {
        return guard.open();
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

    /** @return the account of what the sessions' playbacks hold */
    SessionBudget sessionBudget() {
        return sessionBudget;
    }

    /** @return the games it plays */
    ViewerGames games() {
        return games;
    }

    /** @return the jars of the builds folder not in use, and why; empty without one */
    List<GameBuilds.Problem> skippedJars() {
        return games.skipped();
    }

    void closed(ViewerSession session) {
        sessions.remove(session.id());
    }

    private Publisher<Void> socket(WebsocketInbound in, WebsocketOutbound out) {
        if (sessions.size() >= options.maxSessions()) {
            return out.sendString(Mono.just(Json.write(Json.object().put("t", "error").put("message",
                    "the viewer is full (" + options.maxSessions() + " sessions); try again later")))).then();
        }
        ViewerSession session = new ViewerSession(nextId.getAndIncrement(), this, options, scheduler);
        sessions.put(session.id(), session);
        return SessionSocket.serve(in, out, session);
    }

    private NettyOutbound resource(HttpServerResponse response, @Nullable String name) {
        if (name == null || !STATIC_NAME.matcher(name).matches()) {
            return response.status(HttpResponseStatus.NOT_FOUND).sendString(Mono.just("not found"));
        }
        byte[] bytes = readResource(name);
        if (bytes == null) {
            return response.status(HttpResponseStatus.NOT_FOUND).sendString(Mono.just("not found"));
        }
        return response.header(HttpHeaderNames.CONTENT_TYPE, typeOf(name))
                .header(HttpHeaderNames.CACHE_CONTROL, "no-cache")
                .sendByteArray(Mono.just(bytes));
    }

    /** The content type of a name the static or asset pattern admitted (each of their extensions has one). */
    private static String typeOf(String name) {
        return TYPES.getOrDefault(name.substring(name.lastIndexOf('.') + 1), "application/octet-stream");
    }

    private static byte @Nullable [] readResource(String name) {
        return read(Objects.requireNonNull(ViewerServer.class.getClassLoader(), "a library class has a class loader"),
                STATIC_ROOT + name);
    }

    /**
     * Serves a game's renderer or asset from the game's own class loader, never this library's resources:
     * {@code /games/<gameId>/<name>} of a game given to the server, {@code /games/<gameId>/@<build>/<name>} from
     * the jar of the builds folder that plays that build.
     */
    private NettyOutbound asset(HttpServerResponse response, @Nullable String gameId, @Nullable String build,
                                @Nullable String name) {
        Optional<byte[]> bytes = Optional.empty();
        if (gameId != null && ViewerGames.GAME_ID.matcher(gameId).matches() && name != null
                && ASSET_NAME.matcher(name).matches() && (build == null || build.startsWith("@"))) {
            String decoded = build == null ? null : decodedBuild(build.substring(1));
            if (build == null || decoded != null) {
                bytes = games.asset(gameId, decoded, name);
            }
        }
        if (name == null || bytes.isEmpty()) {
            return response.status(HttpResponseStatus.NOT_FOUND).sendString(Mono.just("not found"));
        }
        return response.header(HttpHeaderNames.CONTENT_TYPE, typeOf(name))
                .header(HttpHeaderNames.CACHE_CONTROL, "no-cache")
                .sendByteArray(Mono.just(bytes.get()));
    }

    /** A build's URL-encoded path segment, decoded; null if it is not valid percent-encoding ({@code @%ZZ}). */
    private static @Nullable String decodedBuild(String segment) {
        try {
            return QueryStringDecoder.decodeComponent(segment);
        } catch (IllegalArgumentException e) {
            return null; // no build has that address: a 404 like any other
        }
    }

    private static byte @Nullable [] read(ClassLoader loader, String path) {
        try (InputStream in = loader.getResourceAsStream(path)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private boolean offersLive() {
        Optional<ViewerGames.Played> live = games.live();
        live.ifPresent(ViewerGames.Played::close);
        return live.isPresent();
    }

    private NettyOutbound replays(HttpServerResponse response) {
        ObjectNode out = Json.object().put("folder", options.folder().toString())
                .put("live", options.live() && offersLive());
        try {
            List<ReplayLibrary.Listed> files = library.list();
            ArrayNode list = out.putArray("files");
            files.forEach(file -> list.addObject().put("name", file.name()).put("bytes", file.bytes())
                    .put("modified", file.modified().toEpochMilli()));
            files.stream().max(Comparator.comparing(ReplayLibrary.Listed::modified)
                            .thenComparing(ReplayLibrary.Listed::name))
                    .ifPresent(newest -> out.put("newest", newest.name()));
        } catch (IOException e) {
            return json(response, HttpResponseStatus.INTERNAL_SERVER_ERROR, error("cannot list the folder: " + e.getMessage()));
        }
        return json(response, HttpResponseStatus.OK, out);
    }

    private Publisher<Void> upload(HttpServerRequest request, HttpServerResponse response) {
        long max = library.maxUploadBytes();
        String declared = request.requestHeaders().get(HttpHeaderNames.CONTENT_LENGTH);
        if (declared != null && parseLong(declared) > max) {
            return json(response, HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, error("the file has " + declared
                    + " bytes, uploads are capped at " + max + " (the replay reader's caps and the upload budget)"));
        }
        List<String> names = new QueryStringDecoder(request.uri()).parameters().getOrDefault("name", List.of("upload"));
        String name = names.isEmpty() ? "upload" : names.get(0);
        return library.upload(name, request.receive().asByteArray())
                .map(token -> Json.object().put("upload", token))
                .flatMap(body -> Mono.from(json(response, HttpResponseStatus.OK, body)))
                .onErrorResume(UploadBody.Refused.class, e -> refused(response, HttpResponseStatus.valueOf(e.status()),
                        Objects.requireNonNullElse(e.getMessage(), e.toString())))
                .onErrorResume(IllegalArgumentException.class, e -> refused(response, HttpResponseStatus.BAD_REQUEST,
                        Objects.requireNonNullElse(e.getMessage(), e.toString())))
                .onErrorResume(IOException.class, e -> refused(response, HttpResponseStatus.BAD_REQUEST,
                        "the upload could not be read: " + e.getMessage()));
    }

    /** Answers a refused upload and closes the connection: the rest of its body is never read. */
    private static Mono<Void> refused(HttpServerResponse response, HttpResponseStatus status, String message) {
        return Mono.from(json(response.keepAlive(false), status, error(message)));
    }

    private static long parseLong(String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    private static ObjectNode error(String message) {
        return Json.object().put("error", message);
    }

    private static NettyOutbound json(HttpServerResponse response, HttpResponseStatus status, ObjectNode body) {
        return response.status(status).header(HttpHeaderNames.CONTENT_TYPE, "application/json")
                .sendByteArray(Mono.just(Json.write(body).getBytes(StandardCharsets.UTF_8)));
    }

    private ObjectNode stats() {
        return Json.object().put("sessions", sessionCount()).put("stepsSent", stepsSent())
                .put("largestSessionBytes", largestSessionBytes()).put("connections", connectionCount())
                .put("uploadBytes", library.uploadBytes()).put("uploadBudget", options.limits().uploadBudget())
                .put("keptUploads", library.keptUploads()).put("sessionBytes", sessionBudget.heldBytes())
                .put("sessionBudget", sessionBudget.budget());
    }

    /** Closes every session and stops the server. */
    @Override
    public void close() {
        sessions.values().forEach(ViewerSession::dispose);
        server.disposeNow(Duration.ofSeconds(5));
        scheduler.dispose();
        games.close();
    }

    /** @return completes when the server has stopped */
    Mono<Void> onDispose() {
        return server.onDispose();
    }
}

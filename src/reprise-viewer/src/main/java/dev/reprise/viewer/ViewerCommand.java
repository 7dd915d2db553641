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

import java.io.PrintWriter;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import reactor.netty.ChannelBindException;

/**
 * The viewer's command line ({@link ViewerMain}): starts a {@link ViewerServer} on the games installed
 * on the class path ({@link ViewerGame#installed()}), or on the game jars of {@code --builds=DIR}, their
 * live games shown unless {@code --no-live}, prints its address and serves until the JVM stops. A usage
 * error (a {@code --builds} folder that is missing, say), or an address and port it cannot listen on, is one
 * line on standard error and exit code 2; no game installed (or no game jar in the folder) is exit code 1.
 */
@Command(name = "viewer", mixinStandardHelpOptions = true,
        description = {"Serves the Reprise replay viewer for a folder of replays.",
                "Games plug in from the class path (or the jars of --builds=DIR):",
                "  each game jar lists its dev.reprise.viewer.ViewerGame in META-INF/services."},
        footer = {"Example:", "  java -cp reprise-<version>-viewer.jar:mygame.jar \\",
                "    dev.reprise.viewer.ViewerMain --dir replays"})
final class ViewerCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--dir", paramLabel = "FOLDER", defaultValue = ".",
            description = "the .reprise files the page may pick, only those directly inside (default: ${DEFAULT-VALUE})")
    Path dir;

    @Option(names = "--builds", paramLabel = "DIR",
            description = "play the game jars of DIR instead of the class path's games: each jar in its own class "
                    + "loader, each replay on the jar of its game and build; jars added or removed are noticed")
    @Nullable Path builds;

    @Option(names = "--port", paramLabel = "N", defaultValue = "0", description = "the port (default: a free one)")
    int port;

    @Option(names = "--host", paramLabel = "ADDR", defaultValue = "127.0.0.1",
            description = "the address to bind (default: ${DEFAULT-VALUE}); another only on purpose, with --allow-host "
                    + "for the name others reach it by")
    String host;

    @Option(names = "--allow-host", paramLabel = "NAME", split = ",",
            description = "also answer to this host name (a reverse proxy's, the machine's); repeatable. Requests "
                    + "naming any other host are refused (DNS rebinding)")
    List<String> allowHosts = new ArrayList<>();

    @Option(names = "--allow-origin", paramLabel = "ORIGIN", split = ",",
            description = "also let pages from this origin (e.g. https://dashboard.example.com) use the viewer; "
                    + "repeatable. Other sites' pages are refused")
    List<String> allowOrigins = new ArrayList<>();

    @Option(names = "--token", paramLabel = "TOKEN",
            description = "a fixed access token (16 or more of A-Z a-z 0-9 . _ ~ -) instead of a random one")
    @Nullable String token;

    @Option(names = "--no-token", description = "need no access token: whoever reaches the address may use the viewer")
    boolean noToken;

    @Option(names = "--no-live", description = "do not offer the games' live games")
    boolean noLive;

    @Option(names = "--max-connections", paramLabel = "N", description = "the most TCP connections open at once (default: 256)")
    @Nullable Integer maxConnections;

    @Option(names = "--upload-budget", paramLabel = "BYTES",
            description = "the most bytes uploads hold, in flight and kept together (default: 64 MiB)")
    @Nullable Long uploadBudget;

    @Option(names = "--session-budget", paramLabel = "BYTES",
            description = "the most bytes all sessions hold together; one more is refused (default: half the heap)")
    @Nullable Long sessionBudget;

    @Option(names = "--idle-timeout", paramLabel = "MS", description = "closes a connection idle between requests (default: 30000)")
    @Nullable Long idleMillis;

    @Option(names = "--header-timeout", paramLabel = "MS",
            description = "closes a connection whose request headers take longer (default: 10000)")
    @Nullable Long headerMillis;

    /** @return a command line for the viewer, with its usage-error handler */
    static CommandLine commandLine() {
        CommandLine line = new CommandLine(new ViewerCommand());
        line.setParameterExceptionHandler((e, args) -> {
            PrintWriter err = e.getCommandLine().getErr();
            err.println("viewer: " + e.getMessage() + " (see --help)");
            err.flush();
            return 2;
        });
        return line;
    }

    /** @return the options these arguments give */
    ViewerOptions options() {
        ServerLimits limits = ServerLimits.defaults();
        if (maxConnections != null) {
            limits = limits.withMaxConnections(maxConnections);
        }
        if (uploadBudget != null) {
            limits = limits.withUploadBudget(uploadBudget);
        }
        limits = limits.withTimeouts(idleMillis == null ? limits.connectionIdleTimeout() : Duration.ofMillis(idleMillis),
                headerMillis == null ? limits.requestHeaderTimeout() : Duration.ofMillis(headerMillis));
        ViewerOptions options = ViewerOptions.defaults(dir).withPort(port).withHost(host).withLimits(limits)
                .withLive(!noLive).withAllowedHosts(allowHosts).withAllowedOrigins(allowOrigins);
        if (sessionBudget != null) {
            options = options.withSessionBudget(sessionBudget);
        }
        if (builds != null) {
            if (!Files.isDirectory(builds)) {
                throw new IllegalArgumentException("--builds: " + builds + " is "
                        + (Files.exists(builds) ? "not a folder" : "missing"));
            }
            options = options.withBuilds(builds);
        }
        if (token != null && noToken) {
            throw new IllegalArgumentException("--token and --no-token contradict each other");
        }
        if (token != null) {
            options = options.withAccessToken(token);
        }
        return noToken ? options.withoutAccessToken() : options;
    }

    @Override
    public Integer call() {
        ViewerOptions options;
        try {
            options = options();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        List<ViewerGame> games = options.builds().isPresent() ? List.of() : ViewerGame.installed();
        if (games.isEmpty() && options.builds().isEmpty()) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("viewer: no game is installed: put a game jar that lists a " + ViewerGame.class.getName()
                    + " in META-INF/services on the class path");
            err.flush();
            return 1;
        }
        ViewerServer viewer;
        try {
            viewer = ViewerServer.start(options, games);
        } catch (RuntimeException e) {
            games.forEach(ViewerCommand::closeQuietly);
            PrintWriter err = spec.commandLine().getErr();
            Optional<String> refused = bindFailure(e, options);
            if (refused.isEmpty() && !(e instanceof IllegalArgumentException)) {
                throw e;
            }
            err.println("viewer: " + refused.orElseGet(() -> Objects.requireNonNullElse(e.getMessage(), e.toString())));
            err.flush();
            return refused.isPresent() ? 2 : 1; // no game in the builds folder, as none on the class path
        }
        PrintWriter err = spec.commandLine().getErr();
        viewer.skippedJars().forEach(problem -> err.println("viewer: " + problem.path() + ": skipped, "
                + problem.reason()));
        err.flush();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            viewer.close();
            games.forEach(ViewerCommand::closeQuietly);
        }));
        System.out.println("Reprise viewer: " + viewer.url() + " (games: " + viewer.games().describe()
                + "; replays from " + options.folder().toAbsolutePath() + "; Ctrl-C stops)");
        System.out.flush();
        viewer.onDispose().block();
        return 0;
    }

    /**
     * Says why the server could not listen, if that is why it did not start: the address and port, and the
     * system's reason ({@code Address already in use}, an address not of this machine, a name that does not
     * resolve).
     */
    static Optional<String> bindFailure(Throwable error, ViewerOptions options) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof ChannelBindException || cause instanceof SocketException
                    || cause instanceof UnresolvedAddressException || cause instanceof UnknownHostException) {
                Throwable reason = cause.getCause() != null ? cause.getCause() : cause;
                String why = reason instanceof UnresolvedAddressException || reason instanceof UnknownHostException
                        ? "the host name does not resolve"
                        : Objects.requireNonNullElse(reason.getMessage(), reason.toString())
                                .replaceFirst("^bind\\(\\.\\.\\) failed( with error\\(-?\\d+\\))?: ", "");
                return Optional.of(options.port() == 0 ? "cannot listen on " + options.host() + ": " + why
                        : "cannot listen on " + options.host() + ":" + options.port() + ": " + why
                                + " (choose another --port, or leave it out for a free one)");
            }
        }
        return Optional.empty();
    }

    private static void closeQuietly(ViewerGame game) {
        if (game instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                System.err.println("viewer: closing " + game.gameId() + " failed: " + e);
            }
        }
    }
}

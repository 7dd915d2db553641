package dev.reprise.samples.viewer;

import dev.reprise.samples.tower.TowerGenerator;
import dev.reprise.samples.viewer.tower.TowerViewer;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The viewer's command line ({@code ViewerServer.main}): starts a {@link ViewerServer} on the tower
 * game, with the bot playing live unless {@code --no-live}, prints its address and serves until the
 * JVM stops. A usage error is one line on standard error and exit code 2.
 */
@Command(name = "viewer", mixinStandardHelpOptions = true,
        description = "Serves the Reprise replay viewer for a folder of tower replays.")
final class ViewerCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--dir", paramLabel = "FOLDER", defaultValue = "target/demo",
            description = "the .reprise files the page may pick, only those directly inside (default: ${DEFAULT-VALUE})")
    Path dir;

    @Option(names = "--port", paramLabel = "N", defaultValue = "0", description = "the port (default: a free one)")
    int port;

    @Option(names = "--host", paramLabel = "ADDR", defaultValue = "127.0.0.1",
            description = "the address to bind (default: ${DEFAULT-VALUE}); the viewer has no authentication")
    String host;

    @Option(names = "--no-live", description = "do not run the bot live")
    boolean noLive;

    @Option(names = "--max-connections", paramLabel = "N", description = "the most TCP connections open at once (default: 256)")
    Integer maxConnections;

    @Option(names = "--upload-budget", paramLabel = "BYTES",
            description = "the most bytes uploads hold, in flight and kept together (default: 64 MiB)")
    Long uploadBudget;

    @Option(names = "--idle-timeout", paramLabel = "MS", description = "closes a connection idle between requests (default: 30000)")
    Long idleMillis;

    @Option(names = "--header-timeout", paramLabel = "MS",
            description = "closes a connection whose request headers take longer (default: 10000)")
    Long headerMillis;

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
        return ViewerOptions.defaults(dir).withPort(port).withHost(host).withLimits(limits);
    }

    @Override
    public Integer call() {
        ViewerOptions options;
        try {
            options = options();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        TowerViewer tower = noLive ? TowerViewer.replaysOnly()
                : TowerViewer.withLiveBot(1, TowerGenerator.DEFAULT_FLOORS, 100_000, Duration.ofMillis(50));
        ViewerServer viewer = ViewerServer.start(options, tower);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            viewer.close();
            tower.close();
        }));
        System.out.println("Reprise viewer: " + viewer.url() + " (replays from " + options.folder().toAbsolutePath()
                + "; Ctrl-C stops)");
        System.out.flush();
        viewer.onDispose().block();
        return 0;
    }
}

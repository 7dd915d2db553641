package dev.reprise.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.io.ReplayCompatibility;
import dev.reprise.io.ReplayFile;
import dev.reprise.playback.SandboxConfig;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A game whose command never returns takes its own session's thread only: the step fails its session, named,
 * within the step timeout, and the other sessions go on answering, however many such sessions there are.
 */
@Timeout(60)
class ViewerStepTimeoutTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String GAME_ID = "hang-game";
    private static final int ADD = 1;
    private static final int HANG = 2;

    @TempDir
    static Path folder;
    static ViewerServer server;

    @BeforeAll
    static void start() throws IOException {
        write("hangs.reprise", ADD, HANG, ADD);
        write("adds.reprise", ADD, ADD, ADD);
        server = ViewerServer.start(ViewerOptions.defaults(folder).withStepInterval(Duration.ZERO)
                .withLimits(ServerLimits.defaults().withStepTimeout(Duration.ofMillis(300))), new HangViewer());
    }

    @AfterAll
    static void stop() {
        server.close();
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

    private static void write(String name, int... codes) throws IOException {
        ReplaySystem recorder = system(new AtomicInteger());
        for (int code : codes) {
            recorder.array().add(code);
        }
        ReplayFile.builder(recorder.saveState()).gameId(GAME_ID).dictionary(recorder.commandDictionary()).build()
                .write(folder.resolve(name));
    }

    /** A total that "add" adds one to, and "hang", which never returns and ignores interrupts. */
    static ReplaySystem system(AtomicInteger total) {
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(ADD, "add", ReplayCommand.sync(step -> total.incrementAndGet()));
        system.registerCommand(HANG, "hang", ReplayCommand.sync(step -> {
            while (total.get() >= 0) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException ignored) {
                    // A game that ignores interrupts: its thread is left to it.
                }
            }
        }));
        return system;
    }

    /** The game in the viewer. */
    static final class HangViewer implements ViewerGame {

        @Override
        public String gameId() {
            return GAME_ID;
        }

        @Override
        public ReplayCompatibility compatibility() {
            return ReplayCompatibility.builder(GAME_ID, system(new AtomicInteger()).commandDictionary()).build();
        }

        @Override
        public GameReplay open(ReplayFile file) {
            AtomicInteger total = new AtomicInteger();
            ReplaySystem system = system(total);
            system.loadState(file.save());
            return new GameReplay() {
                @Override
                public ReplaySystem system() {
                    return system;
                }

                @Override
                public SandboxConfig.Builder<?> sandbox() {
                    return SandboxConfig.builder(system.array(), save -> total.set(0));
                }

                @Override
                public Object state() {
                    return Map.of("total", total.get());
                }
            };
        }
    }
}

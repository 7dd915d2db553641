package dev.reprise.viewer;

import static dev.reprise.command.ReplayCommandResult.SUCCESS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.io.ReplayCompatibility;
import dev.reprise.io.ReplayFile;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplayStep;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.core.publisher.Mono;

/**
 * The viewer applies a passive step's answer as playback does: only after the active step it answers has
 * completed, in route order. A chest opens 50 ms after its step; the answer "take the gem" needs it open,
 * and the interactive mode asks only about an open chest. Played by the route, fast-forwarded by a seek and
 * answered by the person, every gem is taken after its chest opened.
 */
class ViewerPassiveOrderTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String GAME_ID = "chest-game";
    private static final int CHEST = 16;
    private static final int TAKE = 17;
    /** Every gem of the route taken, in order: what each way of playing it must end with. */
    private static final String ALL_TAKEN = "\"v\":{\"log\":[\"opened@0\",\"took@1\",\"took@2\",\"opened@3\",\"took@4\"]}";

    @TempDir
    static Path folder;
    static ViewerServer server;

    @BeforeAll
    static void start() throws IOException {
        ReplaySystem recorder = system(new Chest());
        recorder.array().add(CHEST);
        recorder.array().add(TAKE, 0);
        recorder.array().add(TAKE, 0);
        recorder.array().add(CHEST);
        recorder.array().add(TAKE, 0);
        ReplayFile.builder(recorder.saveState()).gameId(GAME_ID).dictionary(recorder.commandDictionary()).build()
                .write(folder.resolve("chest.reprise"));
        server = ViewerServer.start(ViewerOptions.defaults(folder).withStepInterval(Duration.ZERO)
                .withDialogTimeout(Duration.ofSeconds(10)), new ChestViewer());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void byTheRoute_eachAnswerIsAppliedAfterItsChestOpened() throws InterruptedException {
        try (ViewerClient client = new ViewerClient(server, 32, true)) {
            client.open("chest.reprise", "route");
            client.await("opened", WAIT);
            client.send("{\"t\":\"play\"}");
            assertThat(client.awaitFirst(WAIT, "ended", "failed")).startsWith("{\"t\":\"ended\"").contains(ALL_TAKEN);
        }
    }

    @Test
    void aSeekFastForwarding_appliesEachAnswerAfterItsChestOpened() throws InterruptedException {
        try (ViewerClient client = new ViewerClient(server, 32, true)) {
            client.open("chest.reprise", "route");
            client.await("opened", WAIT);
            client.send("{\"t\":\"seek\",\"to\":5}");
            assertThat(client.awaitFirst(WAIT, "seeked", "failed", "error")).startsWith("{\"t\":\"seeked\"")
                    .contains(ALL_TAKEN);
        }
    }

    @Test
    void interactive_theDialogAsksOnceTheChestIsOpen_andTheAnswerIsApplied() throws InterruptedException {
        try (ViewerClient client = new ViewerClient(server, 32, true)) {
            client.open("chest.reprise", "interactive");
            client.await("opened", WAIT);
            client.send("{\"t\":\"play\"}");
            for (int asked : new int[] {1, 2, 4}) {
                String step = client.awaitFirst(WAIT, "step", "failed");
                while (step.startsWith("{\"t\":\"step\"") && !step.contains("\"prompt\"")) {
                    step = client.awaitFirst(WAIT, "step", "failed");
                }
                assertThat(step).contains("\"i\":" + asked, "\"title\":\"chest\"");
                client.send("{\"t\":\"answer\",\"i\":" + asked + ",\"option\":0}");
                assertThat(client.await("answered", WAIT)).contains("\"by\":\"you\"");
            }
            assertThat(client.awaitFirst(WAIT, "ended", "failed")).startsWith("{\"t\":\"ended\"").contains(ALL_TAKEN);
            assertThat(client.errors()).isZero();
        }
    }

    /** The game: a chest that opens 50 ms after its step, and gems that can only be taken from an open chest. */
    static final class Chest {
        final List<String> log = new CopyOnWriteArrayList<>();
        volatile boolean open;

        void reset() {
            log.clear();
            open = false;
        }
    }

    static ReplaySystem system(Chest chest) {
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(CHEST, "chest", ReplayCommand.active((step, context) -> Mono.defer(() -> {
            chest.open = false;
            return Mono.delay(Duration.ofMillis(50)).doOnNext(tick -> {
                chest.log.add("opened@" + step.index());
                chest.open = true;
            }).thenReturn(SUCCESS);
        })));
        system.registerCommand(TAKE, "take", ReplayCommand.passive(step -> {
            if (!chest.open) {
                throw new IllegalStateException("no chest is open");
            }
            chest.log.add("took@" + step.index());
        }));
        return system;
    }

    /** The chest game in the viewer: a dialog for each gem of an open chest. */
    static final class ChestViewer implements ViewerGame {

        @Override
        public String gameId() {
            return GAME_ID;
        }

        @Override
        public ReplayCompatibility compatibility() {
            return ReplayCompatibility.builder(GAME_ID, system(new Chest()).commandDictionary()).build();
        }

        @Override
        public GameReplay open(ReplayFile file) {
            Chest chest = new Chest();
            ReplaySystem system = system(chest);
            system.loadState(file.save());
            return new GameReplay() {
                @Override
                public ReplaySystem system() {
                    return system;
                }

                @Override
                public SandboxConfig.Builder<?> sandbox() {
                    return SandboxConfig.builder(system.array(), save -> chest.reset());
                }

                @Override
                public Object state() {
                    return Map.of("log", List.copyOf(chest.log));
                }

                @Override
                public @Nullable Prompt prompt(ReplayStep step) {
                    return chest.open ? new Prompt("chest", List.of("the gem", "leave it"), step.intParam(0)) : null;
                }
            };
        }
    }
}

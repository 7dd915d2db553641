package dev.reprise.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.io.ReplayCompatibility;
import dev.reprise.io.ReplayFile;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.playback.SnapshotProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The viewer's edit mode over its WebSocket, in process: a sum game ({@code add n}, {@code times n}) whose
 * route {@code add 1, add 2, add 3, times 2, add 4} ends at 16.
 */
@Timeout(120)
class EditSessionTest {

    /** Long: the machine may be loaded. */
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String GAME_ID = "sum-game";
    private static final String FINAL_KEY = "final-total";
    private static final int ADD = 1;
    private static final int TIMES = 2;
    private static final int HANG = 3;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path folder;
    static ViewerServer server;
    ViewerClient client;

    @BeforeAll
    static void start() throws IOException {
        ReplaySystem recorder = system(new AtomicLong());
        recorder.array().add(ADD, 1);
        recorder.array().add(ADD, 2);
        recorder.array().add(ADD, 3);
        recorder.array().add(TIMES, 2);
        recorder.array().add(ADD, 4);
        ReplayFile.builder(recorder.saveState()).gameId(GAME_ID).dictionary(recorder.commandDictionary()).build()
                .write(folder.resolve("sums.reprise"));
        ReplaySystem hangs = system(new AtomicLong());
        hangs.array().add(ADD, 1);
        hangs.array().add(HANG);
        ReplayFile.builder(hangs.saveState()).gameId(GAME_ID).dictionary(hangs.commandDictionary()).build()
                .write(folder.resolve("hangs.reprise"));
        server = ViewerServer.start(ViewerOptions.defaults(folder).withCheckpointInterval(2)
                .withLimits(ServerLimits.defaults().withStepTimeout(Duration.ofSeconds(2))), new SumViewer());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @BeforeEach
    void open() throws InterruptedException {
        client = new ViewerClient(server, 64, true);
        client.open("sums.reprise", "route");
        client.await("opened", WAIT);
    }

    @AfterEach
    void close() {
        client.close();
    }

    private JsonNode ask(String message) throws InterruptedException, IOException {
        client.send(message);
        return JSON.readTree(client.awaitFirst(WAIT, "edit", "error"));
    }

    private JsonNode edit(String op, String members) throws InterruptedException, IOException {
        JsonNode answer = ask("{\"t\":\"edit\",\"op\":\"" + op + "\"" + (members.isEmpty() ? "" : "," + members) + "}");
        assertThat(answer.path("t").asText()).as("answer to %s: %s", op, answer).isEqualTo("edit");
        return answer;
    }

    private JsonNode refused(String op, String members) throws InterruptedException, IOException {
        JsonNode answer = ask("{\"t\":\"edit\",\"op\":\"" + op + "\"" + (members.isEmpty() ? "" : "," + members) + "}");
        assertThat(answer.path("t").asText()).as("answer to %s: %s", op, answer).isEqualTo("error");
        return answer;
    }

    private static long total(JsonNode view) {
        return view.path("v").path("total").asLong();
    }

    @Test
    void enter_answersWithTheStateTheStepsTheCommandsAndTheKeptStates() throws Exception {
        JsonNode view = edit("enter", "");
        assertThat(view.path("length").asInt()).isEqualTo(5);
        assertThat(view.path("position").asInt()).isZero();
        assertThat(total(view)).isZero();
        assertThat(view.path("rows")).hasSize(5);
        assertThat(view.path("rows").get(3).toString()).isEqualTo("{\"i\":3,\"c\":2,\"n\":\"times\",\"p\":[2]}");
        assertThat(view.path("commands").toString()).contains("{\"c\":1,\"n\":\"add\"}", "{\"c\":2,\"n\":\"times\"}");

        JsonNode end = edit("seek", "\"to\":5");
        assertThat(total(end)).isEqualTo(16);
        assertThat(end.path("kept").toString()).contains("5");
    }

    @Test
    void set_showsTheNewState_andUndoRedoGiveItBackAndForth() throws Exception {
        edit("enter", "");
        JsonNode set = edit("set", "\"i\":0,\"code\":1,\"params\":\"[10]\"");
        assertThat(set.path("cursor").asInt()).isEqualTo(1);
        assertThat(total(set)).isEqualTo(10);
        assertThat(total(edit("seek", "\"to\":5"))).isEqualTo((10 + 2 + 3) * 2 + 4);

        assertThat(total(edit("undo", ""))).isEqualTo(16);
        assertThat(total(edit("redo", ""))).isEqualTo(34);
        JsonNode command = edit("set", "\"i\":3,\"code\":1,\"params\":\"[100]\"");
        assertThat(command.path("rows").get(3).path("n").asText()).isEqualTo("add");
        assertThat(total(edit("seek", "\"to\":5"))).isEqualTo(10 + 2 + 3 + 100 + 4);
    }

    @Test
    void insertAndDelete_changeTheRoute() throws Exception {
        edit("enter", "");
        JsonNode inserted = edit("insert", "\"i\":5,\"code\":2,\"params\":\"[3]\"");
        assertThat(inserted.path("length").asInt()).isEqualTo(6);
        assertThat(total(inserted)).isEqualTo(16 * 3);
        JsonNode deleted = edit("delete", "\"i\":0");
        assertThat(deleted.path("length").asInt()).isEqualTo(5);
        assertThat(total(edit("seek", "\"to\":5"))).isEqualTo(((2 + 3) * 2 + 4) * 3);
    }

    @Test
    void badInput_isRefusedClearly_andChangesNothing() throws Exception {
        edit("enter", "");
        assertThat(refused("set", "\"i\":5,\"code\":1,\"params\":\"[1]\"").path("message").asText())
                .contains("\"i\" must be a whole number 0..4");
        assertThat(refused("set", "\"i\":0,\"code\":9,\"params\":\"[1]\"").path("message").asText())
                .contains("registers no command for code 9");
        assertThat(refused("set", "\"i\":0,\"code\":1,\"params\":\"[\\\"x\\\"]\"").path("message").asText())
                .contains("do not fit command 1");
        assertThat(refused("set", "\"i\":0,\"code\":1,\"params\":\"[1\"").path("message").asText())
                .contains("bad JSON array");
        assertThat(refused("restore", "\"name\":\"nope\"").path("message").asText()).contains("No branch is named");
        assertThat(refused("fly", "").path("message").asText()).contains("unknown edit operation \"fly\"");
        assertThat(refused("undo", "").path("message").asText()).contains("nothing to undo");

        JsonNode view = edit("seek", "\"to\":5");
        assertThat(view.path("length").asInt()).isEqualTo(5);
        assertThat(total(view)).isEqualTo(16);
    }

    @Test
    void branches_areSavedListedAndRestored() throws Exception {
        edit("enter", "");
        edit("set", "\"i\":0,\"code\":1,\"params\":\"[10]\"");
        assertThat(edit("branch", "\"name\":\"ten\"").path("branches").toString()).isEqualTo("[\"ten\"]");
        edit("set", "\"i\":0,\"code\":1,\"params\":\"[20]\"");
        edit("seek", "\"to\":5");
        assertThat(total(edit("restore", "\"name\":\"ten\""))).isEqualTo(34);
    }

    @Test
    void saveAs_writesANewFileWithAFreshFinalHash_andNeverOverwrites() throws Exception {
        byte[] original = Files.readAllBytes(folder.resolve("sums.reprise"));
        edit("enter", "");
        edit("set", "\"i\":0,\"code\":1,\"params\":\"[10]\"");
        JsonNode saved = edit("save", "\"name\":\"sums-edited.reprise\"");
        assertThat(saved.path("saved").asText()).isEqualTo("sums-edited.reprise");
        assertThat(total(saved)).isEqualTo(34);

        ReplayFile file = ReplayFile.read(folder.resolve("sums-edited.reprise"));
        assertThat(file.gameId()).isEqualTo(GAME_ID);
        assertThat(file.save().length()).isEqualTo(5);
        assertThat(file.metadata()).containsEntry(FINAL_KEY, HexFormat.of().toHexDigits(34L));

        assertThat(refused("save", "\"name\":\"sums.reprise\"").path("message").asText()).contains("already");
        assertThat(refused("save", "\"name\":\"../up.reprise\"").path("message").asText())
                .contains("not a replay name");
        assertThat(Files.readAllBytes(folder.resolve("sums.reprise"))).isEqualTo(original);
    }

    @Test
    void eachSession_editsItsOwnCopy() throws Exception {
        edit("enter", "");
        edit("set", "\"i\":0,\"code\":1,\"params\":\"[10]\"");
        try (ViewerClient other = new ViewerClient(server, 64, true)) {
            other.open("sums.reprise", "route");
            other.await("opened", WAIT);
            other.send("{\"t\":\"edit\",\"op\":\"enter\"}");
            other.await("edit", WAIT); // one edit at a time: the next waits for this answer
            other.send("{\"t\":\"edit\",\"op\":\"seek\",\"to\":5}");
            JsonNode view = JSON.readTree(other.await("edit", message -> message.contains("\"op\":\"seek\""), WAIT));
            assertThat(total(view)).isEqualTo(16);
        }
    }

    @Test
    void aCommandThatDoesNotReturn_closesEditMode_namingTheStepTimeout() throws Exception {
        client.open("hangs.reprise", "route");
        client.await("opened", WAIT);
        edit("enter", "");
        client.send("{\"t\":\"edit\",\"op\":\"seek\",\"to\":2}");
        JsonNode closed = JSON.readTree(client.await("edit", message -> message.contains("\"op\":\"closed\""), WAIT));
        assertThat(closed.path("message").asText())
                .contains("did not complete within the viewer's 2000 ms step timeout while seeking to step 2");
        assertThat(refused("undo", "").path("message").asText()).contains("not in edit mode");
    }

    @Test
    void withoutEditMode_editsAreRefused() throws Exception {
        assertThat(refused("set", "\"i\":0,\"code\":1").path("message").asText()).contains("not in edit mode");
        edit("enter", "");
        assertThat(edit("leave", "").path("op").asText()).isEqualTo("left");
        assertThat(refused("undo", "").path("message").asText()).contains("not in edit mode");
    }

    /** A total that {@code add n} adds to and {@code times n} multiplies. */
    static ReplaySystem system(AtomicLong total) {
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(ADD, "add", ReplayCommand.sync(step -> total.addAndGet(step.intParam(0))));
        system.registerCommand(TIMES, "times", ReplayCommand.sync(step -> total.set(total.get() * step.intParam(0))));
        system.registerCommand(HANG, "hang", ReplayCommand.sync(step -> {
            try {
                Thread.sleep(Long.MAX_VALUE); // until edit mode closes and interrupts it
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        return system;
    }

    /** The sum game in the viewer, with snapshots and a final hash (the total). */
    static final class SumViewer implements ViewerGame {

        @Override
        public String gameId() {
            return GAME_ID;
        }

        @Override
        public ReplayCompatibility compatibility() {
            return ReplayCompatibility.builder(GAME_ID, system(new AtomicLong()).commandDictionary()).build();
        }

        @Override
        public GameReplay open(ReplayFile file) {
            AtomicLong total = new AtomicLong();
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
                public Optional<SnapshotProvider<?>> snapshots() {
                    return Optional.of(new SnapshotProvider<Long>() {
                        @Override
                        public Long capture() {
                            return total.get();
                        }

                        @Override
                        public void restore(Long snapshot) {
                            total.set(snapshot);
                        }

                        @Override
                        public long estimateBytes(Long snapshot) {
                            return 16;
                        }
                    });
                }

                @Override
                public Object state() {
                    return Map.of("total", total.get());
                }

                @Override
                public Optional<String> finalHashKey() {
                    return Optional.of(FINAL_KEY);
                }

                @Override
                public OptionalLong stateHash() {
                    return OptionalLong.of(total.get());
                }
            };
        }
    }
}

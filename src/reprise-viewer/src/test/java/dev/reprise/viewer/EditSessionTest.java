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
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.reprise.ReplaySystem;
import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The viewer's edit mode over its WebSocket, in process: the sum game ({@link SumViewer}), whose route
 * {@code add 1, add 2, add 3, times 2, add 4} ends at 16.
 */
@Timeout(120)
class EditSessionTest {

    /** Long: the machine may be loaded. */
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final int ADD = SumViewer.ADD;
    private static final int TIMES = SumViewer.TIMES;
    private static final int HANG = SumViewer.HANG;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path folder;
    static SumViewer game = new SumViewer();
    static ViewerServer server;
    ViewerClient client;

    @BeforeAll
    static void start() throws IOException {
        ReplaySystem recorder = SumViewer.recorder();
        recorder.array().add(ADD, 1);
        recorder.array().add(ADD, 2);
        recorder.array().add(ADD, 3);
        recorder.array().add(TIMES, 2);
        recorder.array().add(ADD, 4);
        SumViewer.write(recorder.saveState(), folder.resolve("sums.reprise"));
        ReplaySystem hangs = SumViewer.recorder();
        hangs.array().add(ADD, 1);
        hangs.array().add(HANG);
        SumViewer.write(hangs.saveState(), folder.resolve("hangs.reprise"));
        SumViewer.write(SumViewer.route(20, 5, 0), folder.resolve("hashed.reprise"));
        server = ViewerServer.start(ViewerOptions.defaults(folder).withCheckpointInterval(2)
                .withLimits(ServerLimits.defaults().withStepTimeout(Duration.ofSeconds(2))), game);
    }

    @AfterAll
    static void stop() {
        server.close();
        game.release();
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
        assertThat(file.gameId()).isEqualTo(SumViewer.GAME_ID);
        assertThat(file.save().length()).isEqualTo(5);
        assertThat(file.metadata()).containsEntry(SumViewer.FINAL_KEY, HexFormat.of().toHexDigits(34L));

        assertThat(refused("save", "\"name\":\"sums.reprise\"").path("message").asText()).contains("already");
        assertThat(refused("save", "\"name\":\"../up.reprise\"").path("message").asText())
                .contains("not a replay name");
        assertThat(Files.readAllBytes(folder.resolve("sums.reprise"))).isEqualTo(original);
    }

    @Test
    void anEditBeforeHashSteps_seeksPastThem_andSavesThemRefreshed() throws Exception {
        client.open("hashed.reprise", "route");
        client.await("opened", WAIT);
        edit("enter", "");
        edit("set", "\"i\":0,\"code\":1,\"params\":\"[50]\"");

        JsonNode end = edit("seek", "\"to\":20");
        assertThat(end.path("position").asInt()).isEqualTo(20);
        edit("save", "\"name\":\"hashed-edited.reprise\"");

        ReplayArray saved = new ReplayArray();
        saved.loadState(ReplayFile.read(folder.resolve("hashed-edited.reprise")).save());
        assertThat(total(end)).isEqualTo(SumViewer.totalAfter(saved, 20));
        int hashes = 0;
        for (int i = 0; i < saved.length(); i++) {
            if (saved.get(i).code() == SumViewer.HASH) {
                hashes++;
                assertThat(saved.get(i).longParam(0)).as("hash step %d", i)
                        .isEqualTo(SumViewer.hash(SumViewer.totalAfter(saved, i)));
            }
        }
        assertThat(hashes).isEqualTo(4);
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
}

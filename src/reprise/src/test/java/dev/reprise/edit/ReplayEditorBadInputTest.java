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
package dev.reprise.edit;

import static dev.reprise.edit.EditGame.A;
import static dev.reprise.edit.EditGame.B;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import reactor.test.StepVerifier;

/** Every refused change leaves the route, the kept states and the history as they were. */
class ReplayEditorBadInputTest {

    static Stream<Arguments> badInputs() {
        return Stream.of(
                bad("set before the route", IndexOutOfBoundsException.class, "set step -1", e -> e.set(-1, A, 1)),
                bad("set at the length", IndexOutOfBoundsException.class, "set step 20", e -> e.set(20, A, 1)),
                bad("insert past the length", IndexOutOfBoundsException.class, "insert step 21",
                        e -> e.insert(21, A, 1)),
                bad("delete at the length", IndexOutOfBoundsException.class, "delete step 20", e -> e.delete(20)),
                bad("delete before the route", IndexOutOfBoundsException.class, "delete step -1", e -> e.delete(-1)),
                bad("an unregistered code", IllegalArgumentException.class, "no command for code 9",
                        e -> e.set(3, 9, 1)),
                bad("a string where the command records an int", IllegalArgumentException.class,
                        "the route records it with [INTEGER]", e -> e.set(3, A, "one")),
                bad("a param too many", IllegalArgumentException.class, "do not fit command 1",
                        e -> e.insert(3, B, 1, 2)),
                bad("a BigInteger where the command records an int", IllegalArgumentException.class,
                        "[BIG_INTEGER]", e -> e.set(3, A, BigInteger.TEN)),
                bad("a null param", IllegalArgumentException.class, "Param 0 of command 0 is null",
                        e -> e.insert(3, A, (Object) null)),
                bad("an unsupported param", IllegalArgumentException.class, "java.lang.Object",
                        e -> e.insert(3, A, new Object())),
                bad("a code wider than the route", IllegalArgumentException.class, "no command for code 300",
                        e -> e.set(3, 300, 1)),
                bad("an unknown branch", IllegalArgumentException.class, "No branch is named \"nope\"",
                        e -> e.restore("nope")),
                bad("a blank branch name", IllegalArgumentException.class, "not blank", e -> e.branch(" ")),
                bad("a seek past the end", IndexOutOfBoundsException.class, "seek to step 21", e -> e.seek(21)),
                bad("a seek before the start", IndexOutOfBoundsException.class, "seek to step -1", e -> e.seek(-1)));
    }

    private static Arguments bad(String name, Class<? extends Throwable> type, String message,
                                 Consumer<ReplayEditor> call) {
        return Arguments.of(name, type, message, call);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void badInput_changesNothing(String name, Class<? extends Throwable> type, String message,
                                 Consumer<ReplayEditor> call) {
        EditGame game = EditGame.keeping(5).record(20, 9);
        ReplayEditor editor = ReplayEditor.open(game);
        byte[] original = ReplayEditorTest.bytes(editor.route());
        editor.branch("saved");
        editor.set(2, B, 40);
        editor.set(4, A, 41);
        editor.undo(); // one change to undo beside the branch, one to redo
        editor.seek(20).block();
        byte[] route = ReplayEditorTest.bytes(editor.route());
        int[] kept = editor.keptSteps();

        StepVerifier.create(editor.events()).then(() ->
                        assertThatThrownBy(() -> call.accept(editor)).isInstanceOf(type).hasMessageContaining(message))
                .thenCancel().verify();

        assertThat(ReplayEditorTest.bytes(editor.route())).isEqualTo(route);
        assertThat(editor.keptSteps()).isEqualTo(kept);
        assertThat(editor.branches()).containsExactly("saved");
        assertThat(editor.redo()).isTrue();
        assertThat(editor.route().get(4).params()).containsExactly(41);
        assertThat(editor.undo()).isTrue();
        assertThat(editor.undo()).isTrue();
        assertThat(ReplayEditorTest.bytes(editor.route())).isEqualTo(original);
        assertThat(editor.undo()).as("the branch").isTrue();
        assertThat(editor.undo()).as("nothing left to undo").isFalse();
    }
}

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
import static dev.reprise.edit.EditGame.P;
import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.route.ReplayArray;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class ReplayEditorTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final int N = 400;
    private static final int INTERVAL = 50;

    static void seek(ReplayEditor editor, int step) {
        editor.seek(step).block(WAIT);
    }

    static byte[] bytes(ReplayArray route) {
        ByteBuffer commands = route.saveState().commandArray();
        ByteBuffer params = route.saveState().paramArray();
        byte[] all = new byte[commands.remaining() + params.remaining()];
        commands.get(all, 0, commands.remaining());
        params.get(all, all.length - params.remaining(), params.remaining());
        return all;
    }

    /** An editor on a fresh game of N steps, played through once (so states are kept along the way). */
    private static EditSession playedThrough() {
        EditGame game = EditGame.keeping(INTERVAL).record(N, 42);
        ReplayEditor editor = ReplayEditor.open(game);
        seek(editor, N);
        return new EditSession(game, editor);
    }

    record EditSession(EditGame game, ReplayEditor editor) {
        /** Runs {@code edit}, seeks to the end and returns how many commands the seek ran. */
        int editAndSeekToEnd(Consumer<ReplayEditor> edit) {
            edit.accept(editor);
            game.executed = 0;
            seek(editor, editor.length());
            return game.executed;
        }

        long fresh(int steps) {
            return EditGame.freshPlayback(editor.route(), steps, true);
        }
    }

    @Test
    void seek_toEnd_leavesTheGameAsAFreshPlayback() {
        EditSession session = playedThrough();

        assertThat(session.game().value).isEqualTo(session.fresh(N));
        assertThat(session.editor().position()).isEqualTo(N);
    }

    @Test
    void seek_playingThrough_keepsStatesAtTheIntervalAndWhereItLanded() {
        EditSession session = playedThrough();

        int[] kept = session.editor().keptSteps();
        // A state is kept at the first closed boundary an interval on: at most one run of a code later.
        int slack = longestRunOfOneCode(session.editor().route());
        assertThat(kept).contains(N);
        for (int i = 1; i < kept.length; i++) {
            assertThat(kept[i] - kept[i - 1]).isLessThanOrEqualTo(INTERVAL + slack);
        }
        assertThat(kept[0]).isLessThanOrEqualTo(INTERVAL + slack);
    }

    private static int longestRunOfOneCode(ReplayArray route) {
        int longest = 0;
        int run = 0;
        for (int i = 0; i < route.length(); i++) {
            run = i > 0 && route.get(i).code() == route.get(i - 1).code() ? run + 1 : 1;
            longest = Math.max(longest, run);
        }
        return longest;
    }

    @Test
    void set_thenSeek_isAFreshPlaybackOfTheEditedRoute_withinTheWorkBound() {
        EditSession session = playedThrough();
        int k = 250;

        int ran = session.editAndSeekToEnd(editor -> editor.set(k, B, 77));

        assertThat(session.game().value).isEqualTo(session.fresh(N));
        assertThat(ran).isLessThanOrEqualTo((N - k) + INTERVAL);
    }

    @Test
    void insert_thenSeek_isAFreshPlaybackOfTheEditedRoute_withinTheWorkBound() {
        EditSession session = playedThrough();
        int k = 120;

        int ran = session.editAndSeekToEnd(editor -> editor.insert(k, A, 5));

        assertThat(session.editor().length()).isEqualTo(N + 1);
        assertThat(session.game().value).isEqualTo(session.fresh(N + 1));
        assertThat(ran).isLessThanOrEqualTo((N + 1 - k) + INTERVAL);
    }

    @Test
    void insert_atLength_appends() {
        EditSession session = playedThrough();

        session.editAndSeekToEnd(editor -> editor.insert(N, B, 3));

        assertThat(session.editor().route().get(N).params()).containsExactly(3);
        assertThat(session.game().value).isEqualTo(session.fresh(N + 1));
    }

    @Test
    void delete_thenSeek_isAFreshPlaybackOfTheEditedRoute_withinTheWorkBound() {
        EditSession session = playedThrough();
        int k = 333;

        int ran = session.editAndSeekToEnd(editor -> editor.delete(k));

        assertThat(session.game().value).isEqualTo(session.fresh(N - 1));
        assertThat(ran).isLessThanOrEqualTo((N - 1 - k) + INTERVAL);
    }

    @Test
    void seek_backToAKeptState_runsNoCommand() {
        EditSession session = playedThrough();
        int[] kept = session.editor().keptSteps();
        int target = kept[kept.length / 2];
        session.game().executed = 0;

        seek(session.editor(), target);

        assertThat(session.game().executed).isZero();
        assertThat(session.game().value).isEqualTo(session.fresh(target));
    }

    @Test
    void seek_backBetweenKeptStates_runsNothingPastTheTarget() {
        EditSession session = playedThrough();
        session.game().executedSteps.clear();
        int target = 217;

        seek(session.editor(), target);

        assertThat(session.game().executedSteps).isNotEmpty().allMatch(step -> step < target)
                .hasSizeLessThanOrEqualTo(INTERVAL + 1);
    }

    @Test
    void seek_insideAWindow_leavesItOpen_asPlaybackDoes() {
        EditGame game = EditGame.keeping(INTERVAL);
        game.system.record(A, 1);
        game.system.record(A, 2);
        game.system.record(B, 3);
        ReplayEditor editor = ReplayEditor.open(game);

        seek(editor, 1);

        assertThat(game.value).isEqualTo(EditGame.freshPlayback(editor.route(), 1, false));
        assertThat(editor.keptSteps()).isEmpty();
        seek(editor, 2);
        assertThat(game.value).isEqualTo(EditGame.freshPlayback(editor.route(), 2, true));
        assertThat(editor.keptSteps()).containsExactly(2);
    }

    @Test
    void seek_toAPassiveStep_landsAfterItsGroup() {
        EditGame game = EditGame.keeping(INTERVAL);
        game.system.record(A, 1);
        game.system.record(P, 2);
        game.system.record(P, 3);
        game.system.record(B, 4);
        ReplayEditor editor = ReplayEditor.open(game);

        seek(editor, 2);

        assertThat(editor.position()).isEqualTo(3);
        assertThat(game.value).isEqualTo(EditGame.freshPlayback(editor.route(), 3, true));
    }

    @Test
    void undoAndRedo_giveBackTheExactRouteBytesAndTheState() {
        EditSession session = playedThrough();
        ReplayEditor editor = session.editor();
        byte[] original = bytes(editor.route());
        long originalValue = session.game().value;
        editor.set(10, B, 1_000_000);
        editor.insert(200, P, 9);
        editor.delete(300);
        byte[] edited = bytes(editor.route());
        seek(editor, editor.length());
        long editedValue = session.game().value;

        assertThat(editor.undo()).isTrue();
        assertThat(editor.undo()).isTrue();
        assertThat(editor.undo()).isTrue();
        assertThat(editor.undo()).isFalse();
        assertThat(bytes(editor.route())).isEqualTo(original);
        seek(editor, editor.length());
        assertThat(session.game().value).isEqualTo(originalValue);

        assertThat(editor.redo()).isTrue();
        assertThat(editor.redo()).isTrue();
        assertThat(editor.redo()).isTrue();
        assertThat(editor.redo()).isFalse();
        assertThat(bytes(editor.route())).isEqualTo(edited);
        seek(editor, editor.length());
        assertThat(session.game().value).isEqualTo(editedValue);
    }

    @Test
    void undo_givesBackTheStatesTheEditDropped() {
        EditSession session = playedThrough();
        ReplayEditor editor = session.editor();
        int[] before = editor.keptSteps();
        editor.set(100, A, 1);
        assertThat(java.util.Arrays.stream(editor.keptSteps()).max().orElse(0)).isLessThanOrEqualTo(100);

        editor.undo();

        assertThat(editor.keptSteps()).isEqualTo(before);
        session.game().executed = 0;
        seek(editor, N);
        assertThat(session.game().executed).isZero();
    }

    @Test
    void anEditAfterUndo_clearsRedo() {
        EditSession session = playedThrough();
        ReplayEditor editor = session.editor();
        editor.set(1, A, 1);
        editor.undo();

        editor.set(2, A, 2);

        assertThat(editor.redo()).isFalse();
    }

    @Test
    void history_isBoundedByItsSize() {
        EditGame game = EditGame.keeping(INTERVAL).record(10, 1);
        ReplayEditor editor = ReplayEditor.builder(game).historySize(2).build();
        editor.set(0, A, 1);
        editor.set(1, A, 1);
        editor.set(2, A, 1);

        assertThat(editor.undo()).isTrue();
        assertThat(editor.undo()).isTrue();
        assertThat(editor.undo()).isFalse();
        assertThat(editor.route().get(0).params()).containsExactly(1);
    }

    @Test
    void aRestoredBranch_playsFromItsOwnKeptStates() {
        EditSession session = playedThrough();
        ReplayEditor editor = session.editor();
        editor.set(150, B, 11);
        seek(editor, N);
        editor.branch("b");
        long branchValue = session.game().value;
        ReplayArray branchRoute = editor.route();
        editor.set(0, B, 99); // drops every state of the current route
        seek(editor, N);

        editor.restore("b");
        session.game().executed = 0;
        seek(editor, N);

        assertThat(session.game().executed).isZero();
        assertThat(session.game().value).isEqualTo(branchValue)
                .isEqualTo(EditGame.freshPlayback(branchRoute, N, true));
        assertThat(bytes(editor.route())).isEqualTo(bytes(branchRoute));
        assertThat(editor.branches()).containsExactly("b");
        session.game().executed = 0;
        seek(editor, 299);
        assertThat(session.game().executed).isLessThanOrEqualTo(INTERVAL + 1);
    }

    @Test
    void restore_keepsTheStatesOfTheStepsBeforeTheRoutesPart() {
        EditGame game = EditGame.keeping(INTERVAL).record(N, 42);
        ReplayEditor editor = ReplayEditor.open(game);
        editor.branch("as recorded"); // saved before any state was kept
        seek(editor, N);
        int k = 300;
        editor.set(k, B, 12);

        editor.restore("as recorded");
        game.executed = 0;
        seek(editor, N);

        assertThat(game.executed).isLessThanOrEqualTo((N - k) + INTERVAL);
        assertThat(game.value).isEqualTo(EditGame.freshPlayback(editor.route(), N, true));
    }

    @Test
    void restore_isUndoable() {
        EditSession session = playedThrough();
        ReplayEditor editor = session.editor();
        editor.branch("start");
        editor.delete(0);
        byte[] edited = bytes(editor.route());
        editor.restore("start");

        assertThat(editor.undo()).isTrue();

        assertThat(bytes(editor.route())).isEqualTo(edited);
        assertThat(editor.redo()).isTrue();
        assertThat(editor.length()).isEqualTo(N);
    }

    @Test
    void branch_isUndoable() {
        EditSession session = playedThrough();
        session.editor().branch("x");

        assertThat(session.editor().undo()).isTrue();

        assertThat(session.editor().branches()).isEmpty();
    }

    @Test
    void branches_shareTheirCommonStates_withinOneBudget() {
        EditGame game = new EditGame(10, 100 * 30, true, null).record(N, 7);
        ReplayEditor editor = ReplayEditor.open(game);
        for (int b = 0; b < 10; b++) {
            editor.set(N - 1 - b * 30, A, b);
            seek(editor, N);
            editor.branch("branch" + b);
            assertThat(editor.keptBytes()).isLessThanOrEqualTo(100 * 30);
        }

        assertThat(editor.branches()).hasSize(10);
        editor.restore("branch3");
        seek(editor, N);
        assertThat(game.value).isEqualTo(EditGame.freshPlayback(editor.route(), N, true));
        assertThat(editor.keptBytes()).isLessThanOrEqualTo(100 * 30);
    }

    @Test
    void withoutSnapshots_aSeekReplaysFromTheStart() {
        EditGame game = new EditGame(INTERVAL, 1000, false, null).record(100, 3);
        ReplayEditor editor = ReplayEditor.open(game);
        seek(editor, 100);
        editor.set(90, A, 1);
        game.executed = 0;

        seek(editor, 100);

        assertThat(game.executed).isEqualTo(100);
        assertThat(game.value).isEqualTo(EditGame.freshPlayback(editor.route(), 100, true));
        assertThat(editor.keptSteps()).isEmpty();
    }
}

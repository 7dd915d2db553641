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
import static dev.reprise.edit.EditGame.H;
import static dev.reprise.edit.ReplayEditorTest.bytes;
import static dev.reprise.edit.ReplayEditorTest.seek;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.desync.ReplayDesyncException;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayStep;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import reactor.core.Disposable;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/** The state-hash steps an edit makes stale, refreshed as the editor plays past them. */
class ReplayEditorRehashTest {

    private static final int N = 200;
    private static final int EVERY = 20;

    /** A game of N active steps with a hash step before every 20th, played through once. */
    private static Session playedThrough(EditGame game) {
        game.recordWithHashes(N, EVERY, 11);
        ReplayEditor editor = ReplayEditor.open(game);
        seek(editor, editor.length());
        return new Session(game, editor);
    }

    private static Session playedThrough() {
        return playedThrough(EditGame.keeping(30));
    }

    private record Session(EditGame game, ReplayEditor editor) {
        int hashAfter(int step) {
            return EditGame.hashSteps(editor.route()).stream().filter(h -> h > step).findFirst().orElseThrow();
        }
    }

    /** Asserts that every hash step of the route carries the hash a fresh playback of it finds there. */
    private static void assertSelfConsistent(ReplayArray route) {
        ReplayArray rehashed = copy(route);
        EditGame.rehash(rehashed);
        assertThat(bytes(route)).isEqualTo(bytes(rehashed));
        EditGame fresh = new EditGame(1000, 1, false, null);
        fresh.system.array().loadState(route.saveState());
        fresh.system.playback(fresh.sandbox(fresh.system.array())).blockLast(); // a desync would throw here
        assertThat(fresh.value).isEqualTo(EditGame.freshPlayback(route, route.length(), true));
    }

    private static ReplayArray copy(ReplayArray route) {
        ReplayArray copy = new ReplayArray(route.config());
        copy.loadState(route.saveState());
        return copy;
    }

    private static void editThenSeekToEnd(Session session, Consumer<ReplayEditor> edit) {
        ReplayEditor editor = session.editor();
        edit.accept(editor);
        seek(editor, editor.length());
        assertThat(session.game().value).isEqualTo(EditGame.freshPlayback(editor.route(), editor.length(), true));
        assertSelfConsistent(editor.route());
    }

    @Test
    void set_beforeAHashStep_seekPastIt_refreshesItsHash() {
        Session session = playedThrough();
        int h = session.hashAfter(30);
        long before = session.editor().route().get(h).longParam(0);

        editThenSeekToEnd(session, editor -> editor.set(30, B, 77));

        ReplayStep refreshed = session.editor().route().get(h);
        assertThat(refreshed.code()).isEqualTo(H);
        assertThat(refreshed.longParam(0)).isNotEqualTo(before)
                .isEqualTo(EditGame.freshPlayback(session.editor().route(), h, true));
    }

    @Test
    void insert_and_delete_beforeHashSteps_seekPastThem_passes() {
        Session session = playedThrough();

        editThenSeekToEnd(session, editor -> editor.insert(5, A, 9));
        editThenSeekToEnd(session, editor -> editor.delete(50));
        editThenSeekToEnd(session, editor -> editor.insert(session.hashAfter(70), A, 3));
        editThenSeekToEnd(session, editor -> editor.delete(session.hashAfter(100) - 1));
    }

    @Test
    void severalEdits_thenSeeksBackAndForth_neverDesync() {
        Session session = playedThrough();
        ReplayEditor editor = session.editor();

        editor.set(120, A, 1);
        editor.set(10, B, 2);
        seek(editor, 65);
        seek(editor, 15);
        editor.delete(40);
        seek(editor, 150);
        seek(editor, editor.length());

        assertSelfConsistent(editor.route());
    }

    @Test
    void withoutKeptStates_orOnAGameThread_refreshesToo() {
        Session plain = playedThrough(new EditGame(30, 1, false, null));
        editThenSeekToEnd(plain, editor -> editor.set(3, A, 40));

        Scheduler gameThread = Schedulers.newSingle("rehash-game");
        try {
            Session threaded = playedThrough(new EditGame(30, Long.MAX_VALUE / 2, true, gameThread));
            editThenSeekToEnd(threaded, editor -> editor.set(3, A, 40));
        } finally {
            gameThread.dispose();
        }
    }

    @Test
    void seekToAHashStep_leavesItStale_untilASeekPlaysIt() {
        Session session = playedThrough();
        ReplayEditor editor = session.editor();
        int h = session.hashAfter(30);
        long before = editor.route().get(h).longParam(0);
        editor.set(30, B, 77);

        seek(editor, h);

        assertThat(editor.route().get(h).longParam(0)).isEqualTo(before);
        seek(editor, h + 1);
        assertThat(editor.route().get(h).longParam(0)).isEqualTo(EditGame.freshPlayback(editor.route(), h, true));
    }

    @Test
    void undo_givesBackTheOriginalBytes_andRedoTheRefreshedOnes() {
        Session session = playedThrough();
        ReplayEditor editor = session.editor();
        byte[] original = bytes(editor.route());

        editThenSeekToEnd(session, e -> e.set(30, B, 77));
        byte[] refreshed = bytes(editor.route());

        assertThat(editor.undo()).isTrue();
        assertThat(bytes(editor.route())).isEqualTo(original);
        seek(editor, editor.length());
        assertThat(bytes(editor.route())).isEqualTo(original);

        assertThat(editor.redo()).isTrue();
        assertThat(bytes(editor.route())).isEqualTo(refreshed);
        seek(editor, 0);
        seek(editor, editor.length());
        assertThat(bytes(editor.route())).isEqualTo(refreshed);
        assertThat(editor.undo()).isTrue();
        assertThat(bytes(editor.route())).isEqualTo(original);
    }

    @Test
    void undo_ofALaterEdit_takesBackTheRefreshesMadeSinceIt() {
        Session session = playedThrough();
        ReplayEditor editor = session.editor();
        editor.set(30, B, 77);
        byte[] firstEdit = bytes(editor.route());
        editor.set(150, A, 1);

        seek(editor, editor.length()); // refreshes the hash steps of both edits

        assertThat(editor.undo()).isTrue();
        assertThat(bytes(editor.route())).isEqualTo(firstEdit);
        seek(editor, editor.length()); // the first edit's hash steps are stale again, and refreshed
        assertSelfConsistent(editor.route());
    }

    @Test
    void redoThenUndo_withSeeksBetween_givesBackTheRouteAsItWasBeforeTheRedo() {
        Session session = playedThrough();
        ReplayEditor editor = session.editor();
        editor.set(30, B, 77);
        editor.delete(150);
        seek(editor, editor.length()); // refreshes, taken back by the undo
        assertThat(editor.undo()).isTrue();
        seek(editor, editor.length()); // refreshes the same steps again, below the deleted one
        byte[] beforeRedo = bytes(editor.route());

        assertThat(editor.redo()).isTrue();
        assertThat(editor.undo()).isTrue();

        assertThat(bytes(editor.route())).isEqualTo(beforeRedo);
        seek(editor, editor.length());
        assertSelfConsistent(editor.route());
    }

    @Test
    void branches_keepTheirOwnRoutes_refreshedOrNot() {
        Session session = playedThrough();
        ReplayEditor editor = session.editor();
        editor.set(30, B, 77);
        editor.branch("stale"); // saved before any seek refreshed it
        seek(editor, editor.length());
        byte[] one = bytes(editor.route());
        editor.branch("one");

        editor.restore("stale");
        editor.set(50, A, 5);
        seek(editor, editor.length());
        assertSelfConsistent(editor.route());

        editor.restore("one");
        assertThat(bytes(editor.route())).isEqualTo(one);
        seek(editor, editor.length());
        assertThat(bytes(editor.route())).isEqualTo(one);

        editor.restore("stale");
        seek(editor, editor.length());
        assertThat(bytes(editor.route())).isEqualTo(one);
    }

    @Test
    void anEditAfterTheLastHashStep_touchesNone() {
        Session session = playedThrough();
        ReplayEditor editor = session.editor();
        List<Integer> hashes = EditGame.hashSteps(editor.route());
        int last = hashes.get(hashes.size() - 1);
        ReplayStep after = editor.route().get(last + 1);
        byte[] original = bytes(editor.route());
        List<EditorEvent> events = new CopyOnWriteArrayList<>();
        Disposable watching = editor.events().subscribe(events::add);

        editor.set(last + 1, B, 77);
        seek(editor, editor.length());
        editor.set(last + 1, after.code(), after.params().toArray());
        seek(editor, editor.length());
        watching.dispose();

        assertThat(bytes(editor.route())).isEqualTo(original);
        assertThat(events).extracting(EditorEvent::kind).doesNotContain(EditorEvent.Kind.REHASHED);
    }

    @Test
    void aHashTheUserSet_isKept_andItsDesyncIsTheirs() {
        Session session = playedThrough();
        ReplayEditor editor = session.editor();
        int h = session.hashAfter(30);
        editor.set(10, B, 77); // makes h stale
        editor.set(h, H, 12345L); // the user's own hash wins

        assertThatThrownBy(() -> seek(editor, editor.length())).hasRootCauseInstanceOf(ReplayDesyncException.class);
        assertThat(editor.route().get(h).longParam(0)).isEqualTo(12345L);
    }

    @Test
    void aSeekPastARefreshedStep_emitsRehashed_withTheStep() {
        Session session = playedThrough();
        ReplayEditor editor = session.editor();
        List<EditorEvent> events = new CopyOnWriteArrayList<>();
        Disposable watching = editor.events().subscribe(events::add);

        editor.set(30, B, 77);
        seek(editor, session.hashAfter(30) + 1);
        watching.dispose();

        assertThat(events).contains(new EditorEvent(EditorEvent.Kind.REHASHED, session.hashAfter(30)));
    }
}

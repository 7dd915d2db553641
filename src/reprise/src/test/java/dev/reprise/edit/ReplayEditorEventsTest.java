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
import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.edit.EditorEvent.Kind;
import dev.reprise.playback.ReplayPlaybackException;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;

class ReplayEditorEventsTest {

    @Test
    void events_tellEditsKeptStatesAndSeeks() {
        EditGame game = EditGame.keeping(1000);
        game.system.record(A, 1);
        game.system.record(A, 2);
        ReplayEditor editor = ReplayEditor.open(game);

        StepVerifier.create(editor.events())
                .then(() -> editor.set(1, A, 3))
                .expectNext(new EditorEvent(Kind.EDITED, 1))
                .then(() -> editor.seek(2).block())
                .expectNext(new EditorEvent(Kind.KEPT, 2), new EditorEvent(Kind.SEEKED, 2))
                .then(editor::undo)
                .expectNext(new EditorEvent(Kind.EDITED, 1))
                .thenCancel()
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void seek_pastAFailingStep_errorsWithThePlaybacksFailure_andTheGameStandsNowhere() {
        EditGame game = EditGame.keeping(5).record(20, 8);
        ReplayEditor editor = ReplayEditor.open(game);
        editor.seek(20).block(Duration.ofSeconds(10));
        editor.set(12, A, EditGame.FAILING_PARAM);

        StepVerifier.create(editor.seek(20))
                .expectErrorSatisfies(error -> assertThat(error).isInstanceOf(ReplayPlaybackException.class)
                        .satisfies(failed -> assertThat(((ReplayPlaybackException) failed).stepIndex()).isEqualTo(12)))
                .verify(Duration.ofSeconds(10));

        assertThat(editor.position()).isEqualTo(-1);
        editor.undo();
        editor.seek(20).block(Duration.ofSeconds(10));
        assertThat(editor.position()).isEqualTo(20);
    }

    @Test
    void commands_runOnTheConfigsRunOnScheduler() {
        Scheduler gameThread = Schedulers.newSingle("game-thread");
        try {
            EditGame game = new EditGame(3, Long.MAX_VALUE / 2, true, gameThread).record(20, 5);
            ReplayEditor editor = ReplayEditor.open(game);

            editor.seek(20).block(Duration.ofSeconds(10));
            editor.set(10, A, 1);
            editor.seek(20).block(Duration.ofSeconds(10));

            assertThat(game.lastThread).isNotNull();
            assertThat(game.lastThread.getName()).startsWith("game-thread");
            assertThat(game.value).isEqualTo(EditGame.freshPlayback(editor.route(), 20, true));
            assertThat(editor.keptSteps()).isNotEmpty();
        } finally {
            gameThread.dispose();
        }
    }
}

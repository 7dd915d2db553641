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
package dev.reprise.samples;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.playback.PassiveAnswers;
import dev.reprise.playback.PassiveStep;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.samples.tower.Choice;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.replay.ReplayVerdict;
import dev.reprise.samples.tower.replay.TowerCommands;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Sample 3, an async UI for passive steps: the tower's one command set (CHOICE registered with its
 * apply); a UI running on its own scheduler shows each choice as a dialog, "thinks" for a while and then
 * says yes to the recorded option, and playback applies it.
 *
 * <p>{@link PassiveAnswers#by} does the hard part: it claims each choice the moment it arrives, so the
 * passive grace (zero by default) can never skip it and playback waits for the answer; it completes the
 * choice with the UI's result, fails it with the UI's error (the cause is kept), and fails playback with
 * a {@code TimeoutException} naming the step if the UI does not answer in time. Then
 * {@code concatMap(step -> step.result().thenReturn(step), 0)} asks for the next step only once the
 * previous one has settled, so dialogs come one at a time, in route order.
 *
 * <p>Playback does not start the next group before every choice of the current one is settled, so the
 * UI thread and the commands never touch the game at the same time; after an answer, playback goes on
 * on the UI thread (give the sandbox {@code runOn(gameThread)} to keep it off). Run it with
 * {@code ./mvnw -q -DskipTests test-compile exec:java -Dexec.mainClass=dev.reprise.samples.AsyncUiSample}.
 */
public final class AsyncUiSample {

    private AsyncUiSample() {
    }

    /**
     * What the UI did.
     *
     * @param verdict whether the replay reproduced the game
     * @param answered the choices the UI answered
     * @param uiThreads the names of the threads the answers were given on
     */
    public record UiReport(ReplayVerdict verdict, int answered, Set<String> uiThreads) {
    }

    /**
     * Replays a recording with the choices answered by an asynchronous UI.
     *
     * @param recording the recorded game
     * @param ui the UI's scheduler: answers are given on it
     * @param thinkTime how long the UI takes to answer each choice
     * @param timeout how long playback waits for an answer before it fails
     * @param show receives a line for every dialog the UI answers
     * @return the report once playback ended
     */
    public static Mono<UiReport> play(SampleRecording recording, Scheduler ui, Duration thinkTime, Duration timeout,
                                      Consumer<String> show) {
        TowerGame game = new TowerGame(recording.tower());
        ReplaySystem player = recording.player(game);
        Ui dialogs = new Ui(game, ui, thinkTime, show);
        return Mono.defer(() -> {
            ReplaySandbox sandbox = player.createReplaySandbox(TowerCommands.sandbox(player.array(), game)
                    .scheduler(ui)
                    .build());
            return ReplayVerdict.judge(sandbox.steps(), steps -> steps
                    .transform(PassiveAnswers.by(dialogs::answer, timeout))
                    .concatMap(step -> step.result().thenReturn(step), 0), // one dialog at a time
                    game, recording.trail(), recording.finalHash());
        }).map(verdict -> new UiReport(verdict, dialogs.answered.get(), Set.copyOf(dialogs.threads)));
    }

    /** The UI: shows each choice as a dialog on its scheduler and answers it after a think time. */
    private static final class Ui {

        private final TowerGame game;
        private final Scheduler scheduler;
        private final Duration thinkTime;
        private final Consumer<String> show;
        final AtomicInteger answered = new AtomicInteger();
        final Set<String> threads = ConcurrentHashMap.newKeySet();

        Ui(TowerGame game, Scheduler scheduler, Duration thinkTime, Consumer<String> show) {
            this.game = game;
            this.scheduler = scheduler;
            this.thinkTime = thinkTime;
            this.show = show;
        }

        /** Says yes to a claimed choice after the think time: playback then applies it (Choices.apply). */
        Mono<ReplayCommandResult> answer(PassiveStep choice) {
            return Mono.delay(thinkTime, scheduler).map(tick -> {
                Choice open = game.state().choice().orElseThrow();
                int option = choice.step().intParam(0);
                answered.incrementAndGet();
                threads.add(Thread.currentThread().getName());
                show.accept("[" + Thread.currentThread().getName() + "] " + open.dialog() + ": "
                        + open.dialog().options().get(option));
                return ReplayCommandResult.SUCCESS;
            });
        }
    }

    /**
     * Replays a short game with a UI that takes 40 ms per dialog, and prints the dialogs and the verdict.
     *
     * @param args ignored
     */
    public static void main(String[] args) {
        Scheduler ui = Schedulers.newSingle("ui");
        try {
            UiReport report = play(SampleRecording.record(11L, 3, 600), ui, Duration.ofMillis(40),
                    Duration.ofSeconds(5), System.out::println).blockOptional().orElseThrow();
            System.out.printf("%d choices answered on %s: %s%n", report.answered(), report.uiThreads(),
                    report.verdict().describe());
        } finally {
            ui.dispose();
        }
    }
}

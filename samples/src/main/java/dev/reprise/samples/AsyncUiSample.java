package dev.reprise.samples;

import dev.reprise.ReplaySystem;
import dev.reprise.WarningCode;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.playback.PassiveStep;
import dev.reprise.playback.PlaybackStep;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.samples.tower.Choice;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerRuleException;
import dev.reprise.samples.tower.replay.ChoiceMode;
import dev.reprise.samples.tower.replay.Choices;
import dev.reprise.samples.tower.replay.ReplayVerdict;
import dev.reprise.samples.tower.replay.TowerCommands;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Sample 3, an async UI for passive steps: the commands leave the CHOICE steps alone
 * ({@link ChoiceMode#BY_SUBSCRIBER}); a UI running on its own scheduler shows each choice as a dialog,
 * "thinks" for a while and then answers it with the recorded option, completing the passive handle
 * from the UI thread.
 *
 * <p>Two things make this work. The sandbox gets a {@linkplain
 * dev.reprise.playback.SandboxConfig.Builder#passiveGrace passive grace} longer than the UI's delay:
 * with the default grace of zero (the seed's rule) a choice that is not answered by the time its active
 * step has finished is skipped with warning 194. And the UI takes one dialog at a time
 * ({@code flatMap} with concurrency 1), so the next choice is emitted — and its grace starts — only
 * once the previous one is answered: backpressure keeps the grace per dialog, not per group.
 *
 * <p>Playback does not start the next group before every handle of the current one is settled, so the
 * UI thread and the commands never touch the game at the same time; after an answer, playback goes on
 * on the UI thread. Run it with {@code mvn -q -DskipTests test-compile exec:java
 * -Dexec.mainClass=dev.reprise.samples.AsyncUiSample}.
 */
public final class AsyncUiSample {

    private AsyncUiSample() {
    }

    /**
     * What the UI did.
     *
     * @param verdict whether the replay reproduced the game
     * @param answered the choices the UI answered
     * @param skipped the choices playback skipped because the UI was too slow (warning 194)
     * @param uiThreads the names of the threads the answers were given on
     */
    public record UiReport(ReplayVerdict verdict, int answered, int skipped, Set<String> uiThreads) {
    }

    /**
     * Replays a recording with the choices answered by an asynchronous UI.
     *
     * @param recording the recorded game
     * @param ui the UI's scheduler: answers are given on it
     * @param thinkTime how long the UI takes to answer each choice
     * @param grace the sandbox's passive grace; longer than {@code thinkTime} for a faithful replay
     * @param show receives a line for every dialog the UI answers
     * @return the report once playback ended
     */
    public static Mono<UiReport> play(SampleRecording recording, Scheduler ui, Duration thinkTime, Duration grace,
                                      Consumer<String> show) {
        TowerGame game = new TowerGame(recording.tower());
        ReplaySystem player = recording.player(game, ChoiceMode.BY_SUBSCRIBER);
        Ui dialogs = new Ui(game, ui, thinkTime, show);
        AtomicInteger skipped = new AtomicInteger();
        return Mono.defer(() -> {
            Disposable skips = player.warnings()
                    .filter(warning -> warning.code() == WarningCode.PASSIVE_SKIPPED.code())
                    .subscribe(warning -> skipped.incrementAndGet());
            ReplaySandbox sandbox = player.createReplaySandbox(TowerCommands.sandbox(player.array(), game)
                    .passiveGrace(grace)
                    .scheduler(ui)
                    .build());
            sandbox.play();
            return ReplayVerdict.judge(sandbox.steps(), dialogs::show, game, recording.trail(), recording.finalHash())
                    .doFinally(signal -> skips.dispose());
        }).map(verdict -> new UiReport(verdict, dialogs.answered.get(), skipped.get(), Set.copyOf(dialogs.threads)));
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

        /** Passes active steps on and answers passive ones, one dialog at a time. */
        Flux<PlaybackStep> show(Flux<PlaybackStep> steps) {
            // Concurrency 1: the next step is requested, and a choice's grace starts, only after this one.
            return steps.flatMap(step -> step instanceof PassiveStep choice ? answerLater(choice) : Mono.just(step), 1);
        }

        private Mono<PlaybackStep> answerLater(PassiveStep choice) {
            return Mono.delay(thinkTime, scheduler).mapNotNull(tick -> {
                if (choice.isSettled()) {
                    return null; // too late: playback skipped it, the recorded answer must not be applied now
                }
                Choice open = game.state().choice().orElseThrow();
                int option = choice.step().intParam(0);
                try {
                    Choices.answer(game, choice);
                } catch (TowerRuleException e) {
                    show.accept("the recorded answer does not fit: " + e.getMessage());
                    choice.complete(ReplayCommandResult.FAILED);
                    return null;
                }
                answered.incrementAndGet();
                threads.add(Thread.currentThread().getName());
                show.accept("[" + Thread.currentThread().getName() + "] " + open.dialog() + ": "
                        + open.dialog().options().get(option));
                return choice;
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
                    Duration.ofMillis(500), System.out::println).block();
            System.out.printf("%d choices answered on %s, %d skipped: %s%n", report.answered(), report.uiThreads(),
                    report.skipped(), report.verdict().describe());
        } finally {
            ui.dispose();
        }
    }
}

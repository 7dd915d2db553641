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
import dev.reprise.io.ReplayFile;
import dev.reprise.playback.PlaybackStep;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.route.ReplaySave;
import dev.reprise.samples.tower.Tower;
import dev.reprise.samples.tower.TowerBot;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerGenerator;
import dev.reprise.samples.tower.replay.ReplayVerdict;
import dev.reprise.samples.tower.replay.StateTrail;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.samples.verify.TowerVerification;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The README's demo ({@code ./mvnw -q -DskipTests test-compile exec:java}): a bot climbs a 40-floor tower
 * while Reprise records every input, the route is saved to {@code target/demo/tower.reprise}, loaded
 * back and played onto a fresh game, paced to last about {@link #WATCH} so that its progress bar can be
 * watched, then played again at full speed; a report says how big and how fast it all was and whether
 * the replays reproduced the game. Exits with status 1 if one did not.
 */
public final class Demo {

    /** The seed of the demo's tower and bot. */
    public static final long SEED = 20_260_529L;

    /**
     * About how long the demo's watched replay takes: long enough to see the progress bar climb the
     * floors (unpaced, the replay is over in a few tens of milliseconds, before the bar's first redraw).
     */
    public static final Duration WATCH = Duration.ofSeconds(2);

    private static final Duration REDRAW = Duration.ofMillis(50);

    private Demo() {
    }

    /**
     * Runs the demo and exits non-zero if the replay does not reproduce the game.
     *
     * @param args optional: the folder for the replay file (default {@code target/demo})
     * @throws IOException if the replay file cannot be written or read
     */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : "target/demo");
        int status = exitStatus(run(SEED, TowerGenerator.DEFAULT_FLOORS, dir, System.out, WATCH));
        if (status != 0) {
            System.exit(status);
        }
    }

    /**
     * Returns the demo's exit status for a report.
     *
     * @param report what the demo measured
     * @return 0 if the replay reproduced the game, else 1
     */
    public static int exitStatus(DemoReport report) {
        return report.verdict().reproduced() ? 0 : 1;
    }

    /**
     * Records, saves and loads a game, then replays it twice onto fresh games: once paced to last about
     * {@code watch}, with a progress bar redrawn as it plays, and once at full speed, to measure it.
     * Prints the progress bar and the report.
     *
     * @param seed the seed of the tower and the bot
     * @param floors the tower's floor count
     * @param dir the folder for the replay file (created if missing)
     * @param out where the progress bar and the report are printed
     * @param watch about how long the watched replay takes; {@link Duration#ZERO} plays it unpaced
     * @return the report
     * @throws IOException if the replay file cannot be written or read
     */
    public static DemoReport run(long seed, int floors, Path dir, PrintStream out, Duration watch) throws IOException {
        Tower tower = TowerGenerator.generate(seed, floors);
        out.printf("Reprise demo: a bot climbs a %d-floor tower (seed %d) while every input is recorded%n",
                floors, seed);

        TowerGame recordedGame = new TowerGame(tower);
        ReplaySystem recorder = new ReplaySystem();
        StateTrail trail = new StateTrail();
        long started = System.nanoTime();
        TowerBot.Run run = new TowerBot(recordedGame, seed).play(trail.recording(recordedGame, recorder::record));
        Duration recording = Duration.ofNanos(System.nanoTime() - started);

        Files.createDirectories(dir);
        Path file = dir.resolve("tower.reprise");
        // With the seed, floor count and final state hash in its metadata, so that the replay tool's verify
        // command can rebuild the game and judge the file.
        TowerVerification.write(recorder, seed, floors, run.finalState().stateHash()).write(file);
        out.printf("Wrote %,d steps to %s; replaying it onto a fresh game%s%n", run.inputs(), file,
                watch.isZero() ? "" : String.format(Locale.ROOT, ", paced to last about %.1f s",
                        watch.toMillis() / 1000.0));
        ReplaySave save = TowerCommands.compatibility().check(ReplayFile.read(file)).save();
        long finalHash = run.finalState().stateHash();

        DemoBar bar = new DemoBar(out, save.length(), REDRAW);
        Replay watched = new Replay(tower, save);
        String[] label = {floorLabel(watched.game)}; // the floor of the last step played: the game is reset after
        ReplayVerdict watchedVerdict = watched.play(trail, finalHash, steps -> paced(steps.doOnNext(step -> {
            label[0] = floorLabel(watched.game);
            bar.update(step.step().index() + 1, label[0]);
        }), watch, save.length()));
        bar.finish(watched.replayed(), label[0]);

        Replay fullSpeed = new Replay(tower, save);
        ReplayVerdict fullSpeedVerdict = fullSpeed.play(trail, finalHash, Function.identity());

        DemoReport report = new DemoReport(run.inputs(), run.highestFloor(), Files.size(file), recording,
                watched.elapsed, fullSpeed.elapsed,
                watchedVerdict.reproduced() ? fullSpeedVerdict : watchedVerdict);
        report.print(out);
        return report;
    }

    private static String floorLabel(TowerGame game) {
        return "floor " + (game.state().floor() + 1);
    }

    /**
     * Paces steps to end about {@code watch} after the subscription: each step is held until its share
     * of that time has passed (a step that is already late goes on at once, so lateness never adds up),
     * and the next step is requested only then, so the sandbox never runs ahead of what is shown.
     */
    private static Flux<PlaybackStep> paced(Flux<PlaybackStep> steps, Duration watch, int total) {
        if (watch.isZero() || total == 0) {
            return steps;
        }
        return Flux.defer(() -> {
            long start = System.nanoTime();
            return steps.concatMap(step -> {
                long wait = start + watch.toNanos() / total * (step.step().index() + 1) - System.nanoTime();
                return wait > 0 ? Mono.delay(Duration.ofNanos(wait)).thenReturn(step) : Mono.just(step);
            }, 0);
        });
    }

    /** One replay of the route onto a fresh game. */
    private static final class Replay {

        final TowerGame game;
        final ReplaySandbox sandbox;
        Duration elapsed = Duration.ZERO;

        Replay(Tower tower, ReplaySave save) {
            game = new TowerGame(tower);
            ReplaySystem player = TowerCommands.player(save, game);
            sandbox = player.createReplaySandbox(TowerCommands.sandbox(player.array(), game).build());
        }

        /** Plays to the end through {@code consumer} (which sees each step after it was checked) and judges it. */
        ReplayVerdict play(StateTrail trail, long finalHash,
                           Function<? super Flux<PlaybackStep>, ? extends Flux<?>> consumer) {
            long started = System.nanoTime();
            sandbox.play();
            ReplayVerdict verdict = ReplayVerdict.judge(sandbox.steps(), consumer, game, trail, finalHash).block();
            elapsed = Duration.ofNanos(System.nanoTime() - started);
            return Objects.requireNonNull(verdict, "judge completes with a verdict");
        }

        int replayed() {
            return sandbox.replayed();
        }
    }
}

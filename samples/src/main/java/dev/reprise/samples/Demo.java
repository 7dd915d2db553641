package dev.reprise.samples;

import dev.reprise.ReplaySystem;
import dev.reprise.io.ReplayFile;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.samples.tower.Tower;
import dev.reprise.samples.tower.TowerBot;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerGenerator;
import dev.reprise.samples.tower.replay.ChoiceMode;
import dev.reprise.samples.tower.replay.ReplayVerdict;
import dev.reprise.samples.tower.replay.StateTrail;
import dev.reprise.samples.tower.replay.TowerCommands;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The README's demo ({@code mvn -q -DskipTests test-compile exec:java}): a bot climbs a 40-floor tower
 * while Reprise records every input, the route is saved to {@code target/demo/tower.reprise}, loaded
 * back and played onto a fresh game with a live progress bar, and a report says how big and how fast
 * it all was and whether the replay reproduced the game. Exits with status 1 if it did not.
 */
public final class Demo {

    /** The seed of the demo's tower and bot. */
    public static final long SEED = 20_260_529L;

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
        int status = exitStatus(run(SEED, TowerGenerator.DEFAULT_FLOORS, dir, System.out));
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
     * Records, saves, loads and replays a game, printing the progress bar and the report.
     *
     * @param seed the seed of the tower and the bot
     * @param floors the tower's floor count
     * @param dir the folder for the replay file (created if missing)
     * @param out where the progress bar and the report are printed
     * @return the report
     * @throws IOException if the replay file cannot be written or read
     */
    public static DemoReport run(long seed, int floors, Path dir, PrintStream out) throws IOException {
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
        ReplayFile.builder(recorder.saveState()).gameId(TowerCommands.GAME_ID)
                .dictionary(TowerCommands.dictionary()).metadata("seed", Long.toString(seed))
                .build().writeTo(file);
        out.printf("Saved %,d steps to %s; replaying it onto a fresh game%n", run.inputs(), file);

        TowerGame game = new TowerGame(tower);
        ReplaySystem player = TowerCommands.player(TowerCommands.verifier().verify(ReplayFile.read(file)).route(),
                game, ChoiceMode.BY_COMMAND);
        ReplaySandbox sandbox = player.createReplaySandbox(TowerCommands.sandbox(player.array(), game).build());
        ProgressBar bar = new ProgressBar(out, player.array().length(), REDRAW, System::nanoTime);

        started = System.nanoTime();
        sandbox.play();
        ReplayVerdict verdict = ReplayVerdict.judge(
                sandbox.steps().doOnNext(step -> bar.update(step.step().index() + 1, floorLabel(game))),
                game, trail, run.finalState().stateHash()).block();
        Duration playback = Duration.ofNanos(System.nanoTime() - started);
        bar.finish(sandbox.replayed(), floorLabel(game));

        DemoReport report = new DemoReport(run.inputs(), run.highestFloor(), Files.size(file), recording, playback,
                verdict);
        report.print(out);
        return report;
    }

    private static String floorLabel(TowerGame game) {
        return "floor " + (game.state().floor() + 1);
    }
}

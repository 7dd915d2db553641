package dev.reprise.samples.tower.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommandType;
import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayMismatch;
import dev.reprise.playback.PassiveStep;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.samples.tower.InputSpec;
import dev.reprise.samples.tower.Tower;
import dev.reprise.samples.tower.TowerBot;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerGenerator;
import dev.reprise.testing.SeededCases;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class TowerCommandsTest {

    @Test
    void register_namesEveryInput_andMarksOnlyChoiceAsPassive() {
        ReplaySystem system = new ReplaySystem();
        TowerCommands.register(system, new TowerGame(TowerGenerator.generate(1L, 2)), ChoiceMode.BY_COMMAND);

        assertThat(system.commandDictionary()).isEqualTo(TowerCommands.dictionary());
        for (InputSpec input : TowerCodes.all()) {
            ReplayCommandType type = system.command(input.code()).orElseThrow().type();
            assertThat(type).as(input.name())
                    .isEqualTo(input.passive() ? ReplayCommandType.PASSIVE : ReplayCommandType.ACTIVE);
        }
    }

    @Test
    void verifier_rejectsAFileOfAnotherGame() {
        ReplaySystem system = new ReplaySystem();
        system.record(TowerCodes.RIGHT);
        ReplayFile file = ReplayFile.builder(system.saveState()).gameId("another.game").build();

        assertThat(TowerCommands.compatibility().mismatches(file)).extracting(ReplayMismatch::kind)
                .containsExactly(ReplayMismatch.Kind.OTHER_GAME);
    }

    @Test
    void anySeed_playbackByCommand_reproducesTheBotsGame() {
        SeededCases.check(10, gen -> playbackByCommandReproducesTheBotsGame(gen.longs()));
    }

    private static void playbackByCommandReproducesTheBotsGame(long seed) {
        Recorded recorded = new Recorded(seed);
        ReplaySandbox sandbox = recorded.player.createReplaySandbox(
                TowerCommands.sandbox(recorded.player.array(), recorded.replayed).build());
        sandbox.play();
        sandbox.steps().blockLast(Duration.ofSeconds(30));

        assertThat(recorded.replayed.state()).isEqualTo(recorded.run.finalState());
    }

    @Test
    void anySeed_playbackBySubscriber_reproducesTheBotsGame() {
        SeededCases.check(10, gen -> playbackBySubscriberReproducesTheBotsGame(gen.longs()));
    }

    private static void playbackBySubscriberReproducesTheBotsGame(long seed) {
        Recorded recorded = new Recorded(seed, ChoiceMode.BY_SUBSCRIBER);
        ReplaySandbox sandbox = recorded.player.createReplaySandbox(
                TowerCommands.sandbox(recorded.player.array(), recorded.replayed).build());
        sandbox.play();
        sandbox.steps()
                .doOnNext(step -> {
                    if (step instanceof PassiveStep choice) {
                        Choices.answer(recorded.replayed, choice);
                    }
                })
                .blockLast(Duration.ofSeconds(30));

        assertThat(recorded.replayed.state()).isEqualTo(recorded.run.finalState());
    }

    /** A bot's game on a 4-floor tower, recorded, and a second system ready to play it onto a fresh game. */
    private static final class Recorded {
        final ReplaySystem recorder = new ReplaySystem();
        final Tower tower;
        final TowerBot.Run run;
        final TowerGame replayed;
        final ReplaySystem player = new ReplaySystem();

        Recorded(long seed) {
            this(seed, ChoiceMode.BY_COMMAND);
        }

        Recorded(long seed, ChoiceMode mode) {
            tower = TowerGenerator.generate(seed, 4);
            run = new TowerBot(new TowerGame(tower), seed).play(recorder::record);
            replayed = new TowerGame(tower);
            TowerCommands.register(player, replayed, mode);
            player.loadState(recorder.saveState());
        }
    }
}

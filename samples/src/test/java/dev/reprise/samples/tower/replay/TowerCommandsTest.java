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
package dev.reprise.samples.tower.replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.command.ReplayCommandType;
import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayMismatch;
import dev.reprise.playback.PassiveAnswers;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.samples.tower.InputSpec;
import dev.reprise.samples.tower.Tower;
import dev.reprise.samples.tower.TowerBot;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerGenerator;
import dev.reprise.testing.SeededCases;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

class TowerCommandsTest {

    @Test
    void register_namesEveryInput_andMarksOnlyChoiceAsPassive() {
        ReplaySystem system = new ReplaySystem();
        TowerCommands.register(system, new TowerGame(TowerGenerator.generate(1L, 2)));

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
    void anySeed_choicesSaidYesToByAUi_reproduceTheBotsGame() {
        SeededCases.check(10, gen -> choicesSaidYesToByAUiReproduceTheBotsGame(gen.longs()));
    }

    private static void choicesSaidYesToByAUiReproduceTheBotsGame(long seed) {
        Recorded recorded = new Recorded(seed);
        ReplaySandbox sandbox = recorded.player.createReplaySandbox(
                TowerCommands.sandbox(recorded.player.array(), recorded.replayed).build());
        AtomicInteger asked = new AtomicInteger();
        sandbox.play();
        sandbox.steps()
                .transform(PassiveAnswers.by(choice -> {
                    asked.incrementAndGet();
                    return Mono.just(ReplayCommandResult.SUCCESS); // the same commands apply the answer
                }, Duration.ofSeconds(10)))
                .blockLast(Duration.ofSeconds(30));

        assertThat(asked.get()).isEqualTo(countChoices(recorded.player));

        assertThat(recorded.replayed.state()).isEqualTo(recorded.run.finalState());
    }

    private static int countChoices(ReplaySystem player) {
        int choices = 0;
        for (int i = 0; i < player.array().length(); i++) {
            choices += player.array().get(i).code() == TowerCodes.CHOICE ? 1 : 0;
        }
        return choices;
    }

    /** A bot's game on a 4-floor tower, recorded, and a second system ready to play it onto a fresh game. */
    private static final class Recorded {
        final ReplaySystem recorder = new ReplaySystem();
        final Tower tower;
        final TowerBot.Run run;
        final TowerGame replayed;
        final ReplaySystem player = new ReplaySystem();

        Recorded(long seed) {
            tower = TowerGenerator.generate(seed, 4);
            run = new TowerBot(new TowerGame(tower), seed).play(recorder::record);
            replayed = new TowerGame(tower);
            TowerCommands.register(player, replayed);
            player.loadState(recorder.saveState());
        }
    }
}

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
package dev.reprise.samples.tower;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import dev.reprise.testing.SeededCases;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class TowerBotTest {

    private static final long SEED = 20_260_529L;

    private static final class Played {
        final Tower tower = TowerGenerator.generate(SEED);
        final InputLog log = new InputLog();
        final TowerBot.Run run = new TowerBot(new TowerGame(tower), SEED).play(log);
    }

    private final Played played = new Played();

    @Test
    void play_makesThousandsOfInputs_andClimbsToTheTop() {
        assertThat(played.run.inputs()).isEqualTo(played.log.size()).isBetween(3_000, 20_000);
        assertThat(played.run.highestFloor()).isEqualTo(TowerGenerator.DEFAULT_FLOORS - 1);
        assertThat(played.run.finalState().floor()).isZero();
    }

    @Test
    void play_usesEveryInputKind() {
        Set<Integer> used = played.log.inputs().stream().map(RecordedInput::code)
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(used).containsExactlyElementsOf(
                TowerCodes.all().stream().map(InputSpec::code).collect(Collectors.toList()));
    }

    @Test
    void play_answersEveryChoiceRightAfterTheInputThatOpenedIt() {
        TowerGame game = new TowerGame(played.tower);
        for (RecordedInput input : played.log.inputs()) {
            boolean open = game.state().choice().isPresent();
            assertThat(TowerCodes.isPassive(input.code())).as("%s", input).isEqualTo(open);
            game.apply(input.code(), input.params());
        }
    }

    @Test
    void sameSeed_sameInputsAndFinalState() {
        Played again = new Played();
        assertThat(again.log.inputs()).isEqualTo(played.log.inputs());
        assertThat(again.run.finalState().stateHash()).isEqualTo(played.run.finalState().stateHash());
        TowerBot.Run other = new TowerBot(new TowerGame(played.tower), SEED + 1).play(new InputLog());
        assertThat(other.finalState().stateHash()).isNotEqualTo(played.run.finalState().stateHash());
    }

    @Test
    void replayingOneByOne_reproducesTheFinalState() {
        TowerGame game = new TowerGame(played.tower);
        for (RecordedInput input : played.log.inputs()) {
            game.apply(input.code(), input.params());
        }
        assertThat(game.state()).isEqualTo(played.run.finalState());
        assertThat(game.state().stateHash()).isEqualTo(played.run.finalState().stateHash());
    }

    @Test
    void replayingWithFinalizeWindows_reproducesTheFinalState() {
        TowerState replayed = TowerReplayer.replay(new TowerGame(played.tower), played.log.inputs());
        assertThat(replayed.stateHash()).isEqualTo(played.run.finalState().stateHash());
        assertThat(replayed).isEqualTo(played.run.finalState());
    }

    @Test
    void anySeed_replayWithFinalizeWindows_reproducesTheGame() {
        SeededCases.check(12, gen -> replayWithFinalizeWindowsReproducesTheGame(gen.longs()));
    }

    private static void replayWithFinalizeWindowsReproducesTheGame(long seed) {
        Tower tower = TowerGenerator.generate(seed, 6);
        InputLog log = new InputLog();
        TowerBot.Run run = new TowerBot(new TowerGame(tower), seed).play(log);
        TowerState replayed = TowerReplayer.replay(new TowerGame(tower), log.inputs());
        assertThat(replayed.stateHash()).isEqualTo(run.finalState().stateHash());
    }

    @Test
    void replayOfATamperedRoute_divergesOrFails() {
        List<RecordedInput> tampered = new ArrayList<>(played.log.inputs());
        int firstMove = 0;
        while (!TowerCodes.isMove(tampered.get(firstMove).code())) {
            firstMove++;
        }
        tampered.remove(firstMove);
        TowerGame game = new TowerGame(played.tower);
        try {
            assertThat(TowerReplayer.replay(game, tampered).stateHash())
                    .isNotEqualTo(played.run.finalState().stateHash());
        } catch (TowerRuleException expected) {
            assertThat(expected).hasMessageStartingWith("input ");
        }
    }

    @Test
    void play_recordsEachInputBeforeApplyingIt() {
        TowerGame game = new TowerGame(TowerGenerator.generate(SEED, 3));
        List<RecordedInput> inputs = new ArrayList<>();
        List<TowerState> atRecord = new ArrayList<>();
        new TowerBot(game, SEED).play((code, params) -> {
            inputs.add(new RecordedInput(code, List.of(params)));
            atRecord.add(game.state());
        });
        TowerGame replay = new TowerGame(game.tower());
        for (int i = 0; i < inputs.size(); i++) {
            assertThat(atRecord.get(i)).as("state when input %d was recorded", i).isEqualTo(replay.state());
            replay.apply(inputs.get(i).code(), inputs.get(i).params());
        }
        assertThat(replay.state()).isEqualTo(game.state());
    }

    @Test
    void play_twice_isRejected() {
        TowerBot bot = new TowerBot(new TowerGame(TowerGenerator.generate(SEED, 1)), SEED);
        bot.play(new InputLog());
        assertThatThrownBy(() -> bot.play(new InputLog())).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void play_stopsAtTheInputLimit() {
        TowerBot.Run run = new TowerBot(new TowerGame(played.tower), SEED, 100).play(new InputLog());
        assertThat(run.inputs()).isBetween(100, 102);
        assertThatThrownBy(() -> new TowerBot(new TowerGame(played.tower), SEED, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}

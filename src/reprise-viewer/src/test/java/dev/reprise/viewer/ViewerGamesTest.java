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
package dev.reprise.viewer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayCompatibility;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplayStep;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How games plug in: found by {@link java.util.ServiceLoader}, the games a server starts with, and a replay's
 * default apply of a passive step. With the samples' and the guide's games, {@code ViewerSampleGamesTest} in
 * reprise-it tests the rest.
 */
class ViewerGamesTest {

    @TempDir
    Path folder;

    @Test
    void installed_findsTheGamesListedOnTheClassPath() {
        assertThat(ViewerGame.installed()).anyMatch(game -> game instanceof SumViewer);
    }

    @Test
    void start_refusesNoGame_twoGamesOfOneId_andAnIdThatIsNoPlainName() {
        ViewerOptions options = ViewerOptions.defaults(folder);
        assertThatThrownBy(() -> ViewerServer.start(options)).hasMessageContaining("at least one game");
        assertThatThrownBy(() -> ViewerServer.start(options, new SumViewer(), new SumViewer()))
                .hasMessageContaining("two games have the id \"sum-game\"");
        assertThatThrownBy(() -> ViewerServer.start(options, new Named("../up"))).hasMessageContaining("not a plain name");
    }

    @Test
    void apply_byDefault_isTheRegisteredApply_andSaysSoWhenThereIsNone() {
        List<ReplayStep> applied = new ArrayList<>();
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(16, "answered", ReplayCommand.passive(applied::add));
        system.registerCommand(17, "marker", ReplayCommand.passive());
        GameReplay replay = new GameReplay() {
            @Override
            public ReplaySystem system() {
                return system;
            }

            @Override
            public SandboxConfig.Builder<?> sandbox() {
                return SandboxConfig.builder(system.array(), save -> { });
            }

            @Override
            public Object state() {
                return Map.of();
            }
        };
        ReplayStep answer = replay.answer(new ReplayStep(3, 16, List.of(0)), 2);
        replay.apply(answer);
        assertThat(applied).containsExactly(new ReplayStep(3, 16, List.of(2)));
        assertThatThrownBy(() -> replay.apply(new ReplayStep(4, 17, List.of(1))))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("passive step 4 (code 17) has no apply", "ReplayCommand.passive(apply)");
    }

    /** A game of another id, for the id checks: never opened. */
    private record Named(String gameId) implements ViewerGame {

        @Override
        public ReplayCompatibility compatibility() {
            throw new UnsupportedOperationException();
        }

        @Override
        public GameReplay open(ReplayFile file) {
            throw new UnsupportedOperationException();
        }
    }
}

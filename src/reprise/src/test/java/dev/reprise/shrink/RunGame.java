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
package dev.reprise.shrink;

import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.desync.StateHashCheck;
import dev.reprise.desync.StateHashRecorder;
import dev.reprise.io.ReplayFile;
import reactor.core.publisher.Mono;

/**
 * A game whose failure needs a state-hash step: moves queue up and a run of them is committed by its
 * finalize, and a hash step closes the run before it. Two runs break the invariant, so a replay of four
 * moves with a hash step in the middle fails, and the same moves without it do not.
 */
final class RunGame extends KitGame {

    static final int MOVE = 1;
    static final int HASH = 9;
    static final String ONE_RUN = "the hero makes one run at most";

    private int x;
    private int queued;
    private int runs;

    RunGame() {
        system.registerCommand(MOVE, "MOVE", ReplayCommand.withFinalizer((step, context) -> {
            queued++;
            return Mono.just(ReplayCommandResult.SUCCESS);
        }, context -> {
            x += queued;
            queued = 0;
            runs++;
            return Mono.just(ReplayCommandResult.SUCCESS);
        }));
        system.registerCommand(HASH, "HASH", new StateHashCheck(this::hash));
    }

    static RunGame of(ReplayFile file) {
        return new RunGame();
    }

    /** Four moves, a hash step after the second and one at the end: {@code MOVE MOVE HASH MOVE MOVE HASH}. */
    static ReplayFile twoRuns() {
        RunGame game = new RunGame();
        StateHashRecorder recorder = new StateHashRecorder(game.system, HASH, 2, game::hash);
        for (int i = 0; i < 4; i++) {
            recorder.record(MOVE);
            game.x++;
            if (i % 2 == 1) {
                game.runs++;
            }
        }
        recorder.recordHash();
        return ReplayFile.builder(game.system.saveState()).gameId("runs").dictionary(game.system.commandDictionary())
                .build();
    }

    boolean oneRunAtMost() {
        return runs <= 1;
    }

    long hash() {
        return x * 1000L + runs * 10L + queued;
    }

    @Override
    void reset() {
        x = 0;
        queued = 0;
        runs = 0;
    }

    @Override
    public String toString() {
        return "at " + x + " after " + runs + " runs";
    }
}

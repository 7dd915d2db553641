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
package dev.reprise.verify;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.desync.StateHashCheck;
import dev.reprise.desync.StateHashRecorder;
import dev.reprise.io.ReplayFile;
import dev.reprise.samples.verify.TowerCorpus;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Synthetic replays of a million steps for the memory harness: a running total fed by ADD steps with a
 * random int param each, a state-hash step every 1,000 inputs, the final hash in the metadata. One such
 * route decodes to several megabytes, so holding more of them than the parallelism would show at once.
 */
final class BigRoutes {

    static final String GAME_ID = "dev.reprise.verify.big-routes";
    static final String FINAL_HASH_KEY = "final-state-hash";
    static final int STEPS = 1_000_000;
    private static final int ADD = 1;
    private static final int HASH = 9;

    private BigRoutes() {
    }

    /** Four valid templates of {@link #STEPS} steps. */
    static List<TowerCorpus.Entry> templates() {
        List<TowerCorpus.Entry> templates = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            long[] total = {0};
            ReplaySystem recorder = new ReplaySystem();
            StateHashRecorder hashes = new StateHashRecorder(recorder, HASH, 1_000, () -> hash(total[0]));
            SplittableRandom random = new SplittableRandom(t);
            while (recorder.array().length() < STEPS - 2) { // room for a due hash step, the input and the final hash
                int add = random.nextInt(1 << 20);
                hashes.record(ADD, add);
                total[0] += add;
            }
            hashes.recordHash();
            byte[] bytes = ReplayFile.builder(recorder.saveState()).gameId(GAME_ID).gameBuild("1")
                    .dictionary(recorder.commandDictionary()).metadata(FINAL_HASH_KEY,
                    HexFormat.of().toHexDigits(hash(total[0]))).build().toBytes();
            templates.add(new TowerCorpus.Entry("long-" + t + "-" + recorder.array().length(), bytes,
                    Outcome.VALID));
        }
        return templates;
    }

    /** The game of a big route: a total, its commands and its hash. */
    static VerifiableGame game(ReplayFile file) {
        long[] total = {0};
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(ADD, "ADD", ReplayCommand.sync(step -> total[0] += ((Number) step.param(0)).longValue()));
        system.registerCommand(HASH, "HASH", new StateHashCheck(() -> hash(total[0])));
        return VerifiableGame.of(system, save -> total[0] = 0, () -> hash(total[0]));
    }

    private static long hash(long total) {
        return total * 0x9E3779B97F4A7C15L + 1;
    }
}

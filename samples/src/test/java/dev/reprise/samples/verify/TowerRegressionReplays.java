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
package dev.reprise.samples.verify;

import dev.reprise.io.ReplayFile;
import dev.reprise.shrink.ReplayCases;
import dev.reprise.verify.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the tower game's folder of regression replays, {@value #FOLDER}: the valid entries of a small
 * {@link TowerCorpus} under {@code valid/}, its known desyncs under {@code desync/}, and one "bug report"
 * (a bot's two-floor game, written with {@link ReplayCases#write}) under {@code valid/}. The files are
 * committed; {@link TowerRegressionReplaysTest} replays them on every build. Run this only to make them
 * again (the corpus is deterministic, so the same files come out):
 *
 * <pre>
 * ./mvnw -q -DskipTests test-compile exec:java -Dexec.mainClass=dev.reprise.samples.verify.TowerRegressionReplays
 * </pre>
 */
public final class TowerRegressionReplays {

    /** The folder, relative to the project. */
    public static final String FOLDER = "samples/src/test/replays";
    /** The corpus seed the files come from. */
    static final long SEED = 20_261_202L;
    /** The bug report's file, relative to {@link #FOLDER}. */
    static final String BUG_REPORT = "valid/bug-0042-two-floors.reprise";

    private TowerRegressionReplays() {
    }

    /**
     * Writes the folder, replacing the corpus files and keeping a bug report already there.
     *
     * @param args ignored
     * @throws IOException if a file cannot be written
     */
    public static void main(String[] args) throws IOException {
        Path folder = Path.of(FOLDER);
        for (TowerCorpus.Entry entry : TowerCorpus.generate(SEED, 8)) {
            String kind = entry.expected() == Outcome.VALID ? "valid" : entry.expected() == Outcome.DESYNC ? "desync" : null;
            if (kind != null) {
                Path target = folder.resolve(kind).resolve(entry.id() + ".reprise");
                Files.createDirectories(target.getParent());
                Files.write(target, entry.bytes());
            }
        }
        if (!Files.exists(folder.resolve(BUG_REPORT))) {
            ReplayFile report = TowerVerification.record(42L, 2, 300);
            ReplayCases.write(report, folder.resolve("valid"), "bug-0042-two-floors");
        }
    }
}

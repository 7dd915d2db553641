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
package dev.reprise.samples.cli;

import dev.reprise.samples.verify.TowerCorpus;
import dev.reprise.verify.Outcome;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code corpus}: writes sample replays of the tower game to a folder, to try the replay tool's
 * {@code verify} on: half of them valid, the others each broken in one known way (the file names say
 * which). Exit code 0 when written, 1 (one line on standard error) when the folder cannot be written,
 * 2 for a usage error.
 */
@Command(name = "corpus", mixinStandardHelpOptions = true, description = "Writes sample tower replays to a "
        + "folder, half valid and half broken on purpose (the names say how), to try the replay tool's verify on.")
public final class CorpusCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "the folder to write to (created if missing)")
    Path folder;

    @Option(names = "--count", paramLabel = "N", defaultValue = "20",
            description = "how many replays, 1 to 10000 (default: ${DEFAULT-VALUE})")
    int count;

    @Option(names = "--seed", paramLabel = "SEED", defaultValue = "1",
            description = "the seed: the same seed and count write the same files (default: ${DEFAULT-VALUE})")
    long seed;

    /** Creates the command; picocli fills its options. */
    public CorpusCommand() {
    }

    /**
     * Writes the corpus and exits with the command's exit code.
     *
     * @param args the command line: {@code DIR [--count N] [--seed SEED]}
     */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /**
     * Returns the command line, ready to {@code execute}; tests set its streams.
     *
     * @return a new command line
     */
    public static CommandLine commandLine() {
        return new CommandLine(new CorpusCommand());
    }

    @Override
    public Integer call() {
        if (count < 1 || count > 10_000) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--count must be 1 to 10000, but was " + count);
        }
        if (Files.exists(folder) && !Files.isDirectory(folder)) {
            return failed("cannot write " + folder + ": not a folder");
        }
        List<TowerCorpus.Entry> entries = TowerCorpus.generate(seed, count);
        Map<Outcome, Integer> expected = new EnumMap<>(Outcome.class);
        try {
            Files.createDirectories(folder);
            for (TowerCorpus.Entry entry : entries) {
                Files.write(folder.resolve(entry.id() + ".reprise"), entry.bytes());
                expected.merge(entry.expected(), 1, Integer::sum);
            }
        } catch (IOException e) {
            return failed("cannot write " + folder + ": " + e);
        }
        String shown = folder.toString().endsWith(File.separator) ? folder.toString() : folder + File.separator;
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "wrote %d replays to %s; verify should find %s%n",
                entries.size(), shown, expected.toString().replace("=", " "));
        out.flush();
        return out.checkError() ? 1 : 0;
    }

    private int failed(String line) {
        PrintWriter err = spec.commandLine().getErr();
        err.println(line);
        err.flush();
        return 1;
    }
}

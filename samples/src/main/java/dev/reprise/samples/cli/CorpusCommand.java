package dev.reprise.samples.cli;

import dev.reprise.samples.verify.TowerCorpus;
import dev.reprise.tool.ReplayTool;
import dev.reprise.tool.ToolFailure;
import dev.reprise.verify.Outcome;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code corpus}: writes sample replays of the tower game to a folder, to try {@code verify} on: half of
 * them valid, the others each broken in one known way (the file names say which).
 */
@Command(name = "corpus", description = "Writes sample tower replays to a folder, half valid and half broken "
        + "on purpose (the names say how), to try verify on.")
final class CorpusCommand implements Callable<Integer> {

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

    @Override
    public Integer call() {
        if (count < 1 || count > 10_000) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--count must be 1 to 10000, but was " + count);
        }
        if (Files.exists(folder) && !Files.isDirectory(folder)) {
            throw new ToolFailure("cannot write " + folder + ": not a folder");
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
            throw ToolFailure.cannotWrite(folder, e);
        }
        String shown = folder.toString().endsWith(File.separator) ? folder.toString() : folder + File.separator;
        spec.commandLine().getOut().printf(Locale.ROOT, "wrote %d replays to %s; verify should find %s%n",
                entries.size(), shown, expected.toString().replace("=", " "));
        spec.commandLine().getOut().flush();
        return ReplayTool.OK;
    }
}

package dev.reprise.samples.cli;

import dev.reprise.io.Compression;
import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayFileHeader;
import dev.reprise.io.ReplayFileReader;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayArrayConfig;
import dev.reprise.route.ReplayFormatException;
import dev.reprise.route.ReplayReadStream;
import dev.reprise.route.ReplayStep;
import java.io.IOException;
import java.io.PrintWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * A command-line tool for replay files: {@code info}, {@code dump}, {@code verify} and
 * {@code convert}. It lives in the samples, outside the library artifact, because it uses picocli.
 *
 * <p>Run it with {@code mvn -q -DskipTests test-compile exec:java
 * -Dexec.mainClass=dev.reprise.samples.cli.ReplayTool -Dexec.args="info run.rpl"}. Exit codes: 0
 * success, 1 an invalid or unreadable file, 2 a usage error.
 */
@Command(name = "replay-tool", mixinStandardHelpOptions = true,
        description = "Inspects, dumps, verifies and converts Reprise replay files.",
        subcommands = {ReplayTool.Info.class, ReplayTool.Dump.class, ReplayTool.Verify.class, ReplayTool.Convert.class,
            ReplayTool.Sample.class})
public final class ReplayTool implements Runnable {

    /** Exit code for an invalid or unreadable replay file. */
    static final int INVALID = 1;

    @Spec
    CommandSpec spec;

    /**
     * Runs the tool and exits with its exit code.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /**
     * Returns the tool's command line, ready to {@code execute}; tests use it to capture output.
     *
     * @return a new command line
     */
    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new ReplayTool());
        commandLine.setExecutionExceptionHandler((e, line, parsed) -> {
            if (e instanceof ReplayFormatException || e instanceof IOException) {
                line.getErr().println("INVALID: " + e.getMessage());
                return INVALID;
            }
            throw e;
        });
        return commandLine;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "Missing command: info, dump, verify, convert or sample");
    }

    /** Reads a file fully (every check) and returns it with its header. */
    private static Loaded load(Path path) throws IOException {
        byte[] bytes = Files.readAllBytes(path);
        return new Loaded(ReplayFileReader.DEFAULT.read(bytes), ReplayFileReader.DEFAULT.readHeader(bytes));
    }

    private record Loaded(ReplayFile file, ReplayFileHeader header) {
    }

    /** Loads a file's route into a route of exactly its size, to read its steps. */
    private static ReplayArray array(ReplayFile file) {
        int steps = Math.max(1, file.route().length());
        int params = Math.max(1, file.route().paramArray().remaining());
        ReplayArray array = new ReplayArray(ReplayArrayConfig.builder().initCommandLength(steps)
                .commandMaxLength(steps).initParamLength(params).paramMaxLength(params)
                .commandWidth(file.route().commandWidth()).build());
        array.loadState(file.route());
        return array;
    }

    private static String name(ReplayFile file, int code) {
        return file.dictionary().name(code).orElse("?");
    }

    /** A subcommand: the command spec (for its output stream) and the call. */
    abstract static class ToolCommand implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        /** The command line's output stream (tests capture it). */
        PrintWriter out() {
            return spec.commandLine().getOut();
        }
    }

    /** A subcommand that reads one replay file. */
    abstract static class FileCommand extends ToolCommand {

        @Parameters(index = "0", description = "the replay file")
        Path path;
    }

    /** {@code info}: header, counts, sizes and a command histogram. */
    @Command(name = "info", description = "Prints the header, counts, size, bytes per step and a command histogram.")
    static final class Info extends FileCommand {

        @Override
        public Integer call() throws IOException {
            Loaded loaded = load(path);
            ReplayFile file = loaded.file();
            ReplayFileHeader header = loaded.header();
            PrintWriter out = out();
            out.printf(Locale.ROOT, "file            %s%n", path);
            out.printf(Locale.ROOT, "format          %s, %s body%n", header.version(),
                    header.compression() == Compression.DEFLATE ? "compressed" : "uncompressed");
            out.printf(Locale.ROOT, "game            %s (build %s)%n", show(file.gameId()), show(file.gameBuild()));
            out.printf(Locale.ROOT, "steps           %d (command width %s)%n", header.steps(), header.commandWidth());
            out.printf(Locale.ROOT, "route bytes     %d commands + %d params%n",
                    header.steps() * header.commandWidth().entrySize(), header.paramBytes());
            out.printf(Locale.ROOT, "file size       %d bytes (body %d)%n", header.fileBytes(), header.bodyBytes());
            out.printf(Locale.ROOT, "bytes per step  %.3f%n", header.bytesPerStep());
            file.metadata().forEach((key, value) -> out.printf(Locale.ROOT, "meta            %s = %s%n", key, value));
            out.printf(Locale.ROOT, "dictionary      %d commands%n", file.dictionary().size());
            if (header.skippedSections() > 0) {
                out.printf(Locale.ROOT, "skipped         %d sections of a newer minor version%n", header.skippedSections());
            }
            Map<Integer, Integer> histogram = new TreeMap<>();
            ReplayReadStream stream = array(file).createReadStream();
            for (ReplayStep step = stream.read(); step != null; step = stream.read()) {
                histogram.merge(step.code(), 1, Integer::sum);
            }
            out.println("commands        code  name                  steps      share");
            histogram.forEach((code, count) -> out.printf(Locale.ROOT, "                %4d  %-20s %7d %9.2f%%%n",
                    code, name(file, code), count, 100.0 * count / header.steps()));
            return 0;
        }

        private static String show(String s) {
            return s.isEmpty() ? "(none)" : s;
        }
    }

    /** {@code dump}: the steps as text or JSON. */
    @Command(name = "dump", description = "Prints the steps as text (one a line) or as a JSON array.")
    static final class Dump extends FileCommand {

        /** Output formats. */
        enum Format { TEXT, JSON }

        @Option(names = "--format", description = "TEXT or JSON (default: ${DEFAULT-VALUE})", defaultValue = "TEXT")
        Format format;

        @Option(names = "--from", description = "first step (default: ${DEFAULT-VALUE})", defaultValue = "0")
        int from;

        @Option(names = "--limit", description = "most steps to print (default: all)", defaultValue = "2147483647")
        int limit;

        @Override
        public Integer call() throws IOException {
            ReplayFile file = load(path).file();
            PrintWriter out = out();
            ReplayArray array = array(file);
            ReplayReadStream stream = array.createReadStream(Math.min(Math.max(0, from), array.length()));
            boolean json = format == Format.JSON;
            if (json) {
                out.print("[");
            }
            int printed = 0;
            for (ReplayStep step = stream.read(); step != null && printed < limit; step = stream.read(), printed++) {
                if (json) {
                    out.print((printed == 0 ? "\n  " : ",\n  ") + json(file, step));
                } else {
                    out.println(text(file, step));
                }
            }
            if (json) {
                out.println(printed == 0 ? "]" : "\n]");
            }
            out.flush();
            return 0;
        }

        static String text(ReplayFile file, ReplayStep step) {
            StringBuilder s = new StringBuilder().append(step.index()).append(": ").append(step.code());
            file.dictionary().name(step.code()).ifPresent(name -> s.append(" ").append(name));
            for (Object param : step.params()) {
                s.append(' ').append(param instanceof String text ? quote(text) : String.valueOf(param));
            }
            return s.toString();
        }

        static String json(ReplayFile file, ReplayStep step) {
            StringBuilder s = new StringBuilder("{\"index\": ").append(step.index()).append(", \"code\": ")
                    .append(step.code());
            file.dictionary().name(step.code()).ifPresent(name -> s.append(", \"name\": ").append(quote(name)));
            s.append(", \"params\": [");
            for (int i = 0; i < step.paramCount(); i++) {
                Object param = step.param(i);
                s.append(i == 0 ? "" : ", ");
                if (param instanceof String text) {
                    s.append(quote(text));
                } else if (param instanceof Double d && !Double.isFinite(d)) {
                    s.append(quote(d.toString())); // JSON has no NaN or Infinity
                } else if (param instanceof Boolean || param instanceof Number || param instanceof BigInteger) {
                    s.append(param);
                } else {
                    s.append(quote(String.valueOf(param)));
                }
            }
            return s.append("]}").toString();
        }

        /** A JSON string literal (also used for text output, where it shows spaces and controls). */
        static String quote(String text) {
            StringBuilder s = new StringBuilder("\"");
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                switch (c) {
                    case '"' -> s.append("\\\"");
                    case '\\' -> s.append("\\\\");
                    case '\n' -> s.append("\\n");
                    case '\r' -> s.append("\\r");
                    case '\t' -> s.append("\\t");
                    default -> {
                        if (c < 0x20 || Character.isSurrogate(c) && !validPair(text, i)) {
                            s.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                        } else {
                            s.append(c);
                        }
                    }
                }
            }
            return s.append('"').toString();
        }

        private static boolean validPair(String text, int i) {
            char c = text.charAt(i);
            return Character.isHighSurrogate(c) ? i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))
                    : i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
        }
    }

    /** {@code verify}: checksum and structure. */
    @Command(name = "verify", description = "Checks the checksum and the whole structure; exit code 1 if invalid.")
    static final class Verify extends FileCommand {

        @Override
        public Integer call() throws IOException {
            ReplayFileHeader header = load(path).header();
            out().printf(Locale.ROOT,
                    "OK: %s: format %s, %d steps, %d bytes, checksum and structure valid%n",
                    path, header.version(), header.steps(), header.fileBytes());
            return 0;
        }
    }

    /** {@code convert}: compressed ↔ uncompressed. */
    @Command(name = "convert", description = "Rewrites a replay file with another body compression (atomically).")
    static final class Convert extends ToolCommand {

        @Parameters(index = "0", description = "the replay file to read")
        Path input;

        @Parameters(index = "1", description = "the replay file to write (may be the input)")
        Path output;

        @Option(names = "--compression", required = true, description = "NONE or DEFLATE")
        Compression compression;

        @Override
        public Integer call() throws IOException {
            ReplayFile file = load(input).file();
            long before = Files.size(input);
            ReplayFile converted = file.toBuilder().compression(compression).build();
            converted.write(output);
            out().printf(Locale.ROOT, "%s (%d bytes, %s) -> %s (%d bytes, %s)%n", input, before,
                    file.compression(), output, Files.size(output), compression);
            return 0;
        }
    }

    /** {@code sample}: writes a small replay file to try the other commands on. */
    @Command(name = "sample", description = "Writes a small sample replay file (a walk through a tower).")
    static final class Sample extends ToolCommand {

        @Parameters(index = "0", description = "the replay file to write")
        Path output;

        @Override
        public Integer call() throws IOException {
            ReplayArray route = new ReplayArray();
            for (int floor = 1; floor <= 3; floor++) {
                for (int i = 0; i < 12; i++) {
                    route.add(i % 5 == 4 ? 3 : i % 3 == 0 ? 0 : 1);
                }
                route.add(4, 6, floor + 2);
                route.add(5, 47);
                route.add(10, "MT" + (floor + 1));
            }
            ReplayFile.builder(route.saveState()).gameId("dev.reprise.sample").gameBuild("1.0")
                    .metadata("player", "sample")
                    .dictionary(dev.reprise.io.CommandDictionary.of(Map.of(0, "up", 1, "right", 3, "left",
                            4, "teleport", 5, "useItem", 10, "fly")))
                    .build().write(output);
            out().printf(Locale.ROOT, "wrote %s (%d bytes)%n", output, Files.size(output));
            return 0;
        }
    }
}

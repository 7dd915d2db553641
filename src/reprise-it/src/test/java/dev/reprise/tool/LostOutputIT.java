package dev.reprise.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayArrayConfig;
import dev.reprise.samples.verify.TowerCorpus;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The tool's standard output lost: a full device or disk fails the command with one line on standard
 * error; a pipe whose reader is gone (as {@code dump BIG | head -1}) stops it at once, quietly. Both end
 * with exit code 1, never 0. In the test's JVM through {@link ReplayTool#run}, and as a process.
 */
class LostOutputIT {

    private static final int STEPS = 1_000_000;
    private static final Path DEV_FULL = Path.of("/dev/full");

    @TempDir
    static Path folder;
    private static Path big;
    private static Path replays;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeAll
    static void writeReplays() throws IOException {
        ReplayArray route = new ReplayArray(ReplayArrayConfig.builder().initCommandLength(STEPS).build());
        for (int i = 0; i < STEPS; i++) {
            route.add(i % 7);
        }
        big = folder.resolve("big.reprise");
        ReplayFile.builder(route.saveState()).build().write(big);
        replays = Files.createDirectory(folder.resolve("replays"));
        for (TowerCorpus.Entry entry : TowerCorpus.generate(3, 4)) {
            Files.write(replays.resolve(entry.id() + ReplayFinder.EXTENSION), entry.bytes());
        }
    }

    /** A disk that takes {@code room} bytes, then fails every write as {@code message} says. */
    private static final class FailingStream extends OutputStream {
        private final long room;
        private final String message;
        long accepted;
        int writesAfterFailure;
        private boolean failed;

        FailingStream(long room, String message) {
            this.room = room;
            this.message = message;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (failed) {
                writesAfterFailure++;
            }
            if (accepted + len > room) {
                failed = true;
                throw new IOException(message);
            }
            accepted += len;
        }
    }

    private String errText() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dump BIG", "info BIG", "check BIG", "verify --json --parallel 1 REPLAYS", "--version",
        "dump --help"})
    void toAFullDevice_exitsOne_withOneLineOnStandardError(String command) throws IOException {
        assumeTrue(Files.exists(DEV_FULL), "no /dev/full here");
        String[] args = command.replace("BIG", big.toString()).replace("REPLAYS", replays.toString()).split(" ");
        int status;
        try (FileOutputStream full = new FileOutputStream(DEV_FULL.toFile())) {
            status = ReplayTool.run(full, err, args);
        }

        assertThat(status).as(errText()).isEqualTo(ReplayTool.FAILED);
        assertThat(errText().lines()).singleElement().asString()
                .isEqualTo("replay-tool: cannot write standard output: No space left on device");
    }

    @Test
    void dump_toAFullDisk_stopsAtTheFirstFailedWrite_withOneLine() {
        FailingStream disk = new FailingStream(64 * 1024, "No space left on device");

        assertThat(ReplayTool.run(disk, err, "dump", big.toString())).isEqualTo(ReplayTool.FAILED);

        assertThat(errText().lines()).containsExactly("replay-tool: cannot write standard output: No space left on device");
        assertThat(disk.accepted).isLessThanOrEqualTo(64 * 1024);
        assertThat(disk.writesAfterFailure).isZero();
    }

    @Test
    void dump_intoAClosedPipe_stopsAtOnce_quietly() {
        FailingStream pipe = new FailingStream(4 * 1024, "Broken pipe");

        int status = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> ReplayTool.run(pipe, err, "dump", "--format", "JSON", big.toString()));

        assertThat(status).isEqualTo(ReplayTool.FAILED);
        assertThat(errText()).isEmpty();
        assertThat(pipe.writesAfterFailure).isZero();
    }

    @Test
    void verifyJson_intoAClosedPipe_stopsQuietly() {
        FailingStream pipe = new FailingStream(0, "Broken pipe");

        assertThat(ReplayTool.run(pipe, err, "verify", "--json", "--parallel", "1", replays.toString()))
                .isEqualTo(ReplayTool.FAILED);

        assertThat(errText()).isEmpty();
        assertThat(pipe.writesAfterFailure).isZero();
    }

    @Test
    void aWorkingStream_getsEverything_andTheExitCodeOfTheCommand() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        assertThat(ReplayTool.run(out, err, "dump", "--limit", "3", big.toString())).isZero();

        assertThat(out.toString(StandardCharsets.UTF_8).lines()).containsExactly("0: 0", "1: 1", "2: 2");
        assertThat(errText()).isEmpty();
    }

    // The tool as a process, as a shell runs it.

    private static ProcessBuilder tool(String... args) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                ReplayTool.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }

    @Test
    void process_info_toAFullDevice_exitsOne_withOneLineOnStandardError() throws Exception {
        assumeTrue(Files.exists(DEV_FULL), "no /dev/full here");
        Process process = tool("info", big.toString()).redirectOutput(DEV_FULL.toFile())
                .redirectError(ProcessBuilder.Redirect.PIPE).start();

        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("exited").isTrue();
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(process.exitValue()).as(err).isEqualTo(ReplayTool.FAILED);
        assertThat(err.lines()).singleElement().asString()
                .isEqualTo("replay-tool: cannot write standard output: No space left on device");
    }

    @Test
    void process_dump_intoAPipeClosedAfterOneLine_stopsPromptly_andQuietly() throws Exception {
        File errFile = folder.resolve("dump.err").toFile();
        Process process = tool("dump", big.toString()).redirectError(errFile).start();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            assertThat(lines.readLine()).isEqualTo("0: 0");
        } // as head -1: the reader is gone after one line

        boolean exited = process.waitFor(20, TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }

        assertThat(exited).as("the tool stopped writing into a closed pipe within 20 s").isTrue();
        assertThat(process.exitValue()).isEqualTo(ReplayTool.FAILED);
        assertThat(Files.readString(errFile.toPath())).as("standard error").isEmpty();
    }
}

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
package dev.reprise.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.abort;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.reprise.command.CommandDictionary;
import dev.reprise.io.Compression;
import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayFileReader;
import dev.reprise.route.ReplayArray;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayToolTest {

    @TempDir
    Path folder;

    private Path replay;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void writeReplay() throws IOException {
        ReplayArray route = new ReplayArray();
        route.add(0);
        route.add(0);
        route.add(1);
        route.add(4, 6, 2);
        route.add(10, "MT1", true, Double.NaN);
        replay = folder.resolve("run.rpl");
        ReplayFile.builder(route.saveState()).gameId("tower").gameBuild("2.8.2").metadata("player", "Ada")
                .dictionary(CommandDictionary.of(Map.of(0, "up", 1, "right", 4, "teleport", 10, "fly")))
                .build().write(replay);
    }

    /** The one line the tool printed on standard error: never a stack trace. */
    private String errorLine() {
        assertThat(err.toString().lines()).as(err.toString()).hasSize(1);
        return err.toString().strip();
    }

    private int run(String... args) {
        return ToolRun.run(out, err, args);
    }

    @Test
    void info_printsHeaderCountsAndHistogram() {
        assertThat(run("info", replay.toString())).isZero();

        assertThat(out.toString())
                .contains("format          2.0, compressed body")
                .contains("game            tower (build 2.8.2)")
                .contains("steps           5 (command width UINT8)")
                .contains("bytes per step")
                .contains("meta            player = Ada")
                .containsPattern("\\s0  up\\s+2\\s+40\\.00%")
                .containsPattern("\\s10  fly\\s+1\\s+20\\.00%");
    }

    @Test
    void dump_printsTextLines() {
        assertThat(run("dump", replay.toString())).isZero();

        assertThat(out.toString().lines()).containsExactly("0: 0 up", "1: 0 up", "2: 1 right", "3: 4 teleport 6 2",
                "4: 10 fly \"MT1\" true NaN");
    }

    @Test
    void dump_printsJson_withPaging() {
        assertThat(run("dump", "--format", "JSON", "--from", "3", "--limit", "2", replay.toString())).isZero();

        assertThat(out.toString()).isEqualTo("[\n"
                + "  {\"index\": 3, \"code\": 4, \"name\": \"teleport\", \"params\": [6, 2]},\n"
                + "  {\"index\": 4, \"code\": 10, \"name\": \"fly\", \"params\": [\"MT1\", true, \"NaN\"]}\n"
                + "]\n");
    }

    @Test
    void check_acceptsAValidFile_andRefusesACorruptOne_inOneLine() throws IOException {
        assertThat(run("check", replay.toString())).isZero();
        assertThat(out.toString()).startsWith("OK: ").contains("5 steps");

        byte[] bytes = Files.readAllBytes(replay);
        bytes[bytes.length - 2] ^= 1;
        Path corrupt = folder.resolve("corrupt.rpl");
        Files.write(corrupt, bytes);

        assertThat(run("check", corrupt.toString())).isEqualTo(ReplayTool.FAILED);
        assertThat(errorLine()).startsWith(corrupt + ": Checksum mismatch");
    }

    @Test
    void convert_switchesCompression_andKeepsTheRoute() throws IOException {
        Path plain = folder.resolve("plain.rpl");

        assertThat(run("convert", "--compression", "NONE", replay.toString(), plain.toString())).isZero();

        ReplayFile original = ReplayFile.read(replay);
        ReplayFile converted = ReplayFile.read(plain);
        assertThat(converted.compression()).isEqualTo(Compression.NONE);
        assertThat(converted.toBuilder().compression(Compression.COMPACT).build()).isEqualTo(original);
        assertThat(out.toString()).contains("-> " + plain).contains("NONE");
    }

    @Test
    void missingFile_isOneLine_namingThePathAndTheReason() {
        Path missing = folder.resolve("missing.reprise");

        assertThat(run("info", missing.toString())).isEqualTo(ReplayTool.FAILED);

        assertThat(errorLine()).isEqualTo(missing + ": no such file");
    }

    @Test
    void aDirectory_isOneLine_namingIt() {
        Path out = folder.resolve("out");
        assertThat(out.toFile().mkdir()).isTrue();

        assertThat(run("dump", out + "/")).isEqualTo(ReplayTool.FAILED);

        assertThat(errorLine()).isEqualTo(out + "/: is a directory");
    }

    @Test
    void aDevice_isRefusedWithoutBeingRead() {
        Path zero = Path.of("/dev/zero");
        assumeTrue(Files.exists(zero), "needs /dev/zero");

        assertThat(run("info", zero.toString())).isEqualTo(ReplayTool.FAILED);

        assertThat(errorLine()).isEqualTo("/dev/zero: not a regular file (a device, pipe or socket)");
    }

    @Test
    void aPipe_isRefusedWithoutBlocking() throws Exception {
        Path fifo = folder.resolve("pipe.reprise");
        Process mkfifo;
        try {
            mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        } catch (IOException e) {
            abort("needs mkfifo: " + e.getMessage());
            return;
        }
        assumeTrue(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo failed");

        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThat(run("check", fifo.toString()))
                .isEqualTo(ReplayTool.FAILED));

        assertThat(errorLine()).isEqualTo(fifo + ": not a regular file (a device, pipe or socket)");
    }

    @Test
    void aFileLargerThanTheCaps_isRefusedBeforeItIsRead() throws IOException {
        Path huge = folder.resolve("huge.reprise");
        try (RandomAccessFile file = new RandomAccessFile(huge.toFile(), "rw")) {
            file.setLength(2_600_000_000L); // sparse: costs no disk, and would cost 5 GB of heap to read
        }

        assertThat(run("info", huge.toString())).isEqualTo(ReplayTool.FAILED);

        assertThat(errorLine()).isEqualTo(String.format(Locale.ROOT, "%s: 2,600,000,000 bytes, more than the largest "
                + "replay file the reader accepts (%,d bytes)", huge, ReplayFileReader.DEFAULT.maxFileBytes()));
    }

    @Test
    void anOutputInAMissingFolder_isOneLine() {
        Path target = folder.resolve("nonexistent/dir/x.reprise");

        assertThat(run("convert", "--compression", "NONE", replay.toString(), target.toString()))
                .isEqualTo(ReplayTool.FAILED);
        assertThat(errorLine()).isEqualTo("cannot write " + target + ": no such folder");

        err.getBuffer().setLength(0);
        assertThat(run("sample", folder.toString())).isEqualTo(ReplayTool.FAILED);
        assertThat(errorLine()).isEqualTo("cannot write " + folder + "/: is a directory");
    }

    @Test
    void negativeLimitOrFrom_isAUsageError() {
        assertThat(run("dump", "--limit", "-1", replay.toString())).isEqualTo(ReplayTool.USAGE);
        assertThat(errorLine()).isEqualTo("replay-tool dump: --limit must be a step count, 0 or more, but was -1 "
                + "(see --help)");

        err.getBuffer().setLength(0);
        assertThat(run("dump", "--from", "-3", replay.toString())).isEqualTo(ReplayTool.USAGE);
        assertThat(errorLine()).isEqualTo("replay-tool dump: --from must be a step index, 0 or more, but was -3 "
                + "(see --help)");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void aMalformedOption_isOneLineUsageError() {
        assertThat(run("dump", "--limit", "ten", replay.toString())).isEqualTo(ReplayTool.USAGE);

        assertThat(errorLine()).startsWith("replay-tool dump: Invalid value for option '--limit'");
    }

    @Test
    void version_printsTheProjectVersion() {
        assertThat(run("--version")).isZero();

        assertThat(out.toString().lines().findFirst()).hasValueSatisfying(line ->
                assertThat(line).matches("replay-tool \\d+\\.\\d+\\.\\d+\\S*"));
    }

    @Test
    void noCommand_isAUsageError() {
        assertThat(run()).isEqualTo(2);
        assertThat(err.toString()).contains("Missing command");
    }

    @Test
    void sample_writesAValidFile() throws IOException {
        Path sample = folder.resolve("sample.rpl");

        assertThat(run("sample", sample.toString())).isZero();

        assertThat(ReplayFile.read(sample).save().length()).isEqualTo(45);
        assertThat(run("check", sample.toString())).isZero();
    }
}

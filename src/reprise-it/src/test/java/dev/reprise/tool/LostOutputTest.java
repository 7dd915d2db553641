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
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayArrayConfig;
import dev.reprise.samples.verify.TowerCorpus;
import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The tool's standard output lost: a full device or disk fails the command with one line on standard
 * error; a pipe whose reader is gone (as {@code dump BIG | head -1}) stops it at once, quietly. Both end
 * with exit code 1, never 0. In the test's JVM through {@link ReplayTool#run}; {@link LostOutputIT} runs the
 * tool as a process.
 */
class LostOutputTest {

    private static final int STEPS = 1_000_000;
    private static final Path DEV_FULL = Path.of("/dev/full");

    @TempDir
    static Path folder;
    private static Path big;
    private static Path replays;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeAll
    static void writeReplays() throws IOException {
        big = writeBig(folder);
        replays = Files.createDirectory(folder.resolve("replays"));
        for (TowerCorpus.Entry entry : TowerCorpus.generate(3, 4)) {
            Files.write(replays.resolve(entry.id() + ReplayFinder.EXTENSION), entry.bytes());
        }
    }

    /** Writes {@code big.reprise}, a replay of a million steps (codes 0 to 6 in turn), into the folder. */
    static Path writeBig(Path folder) throws IOException {
        ReplayArray route = new ReplayArray(ReplayArrayConfig.builder().initCommandLength(STEPS).build());
        for (int i = 0; i < STEPS; i++) {
            route.add(i % 7);
        }
        Path big = folder.resolve("big.reprise");
        ReplayFile.builder(route.saveState()).build().write(big);
        return big;
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
}

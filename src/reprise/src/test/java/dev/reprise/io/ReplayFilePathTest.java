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
package dev.reprise.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.route.ReplayFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reactor.test.StepVerifier;

class ReplayFilePathTest {

    @TempDir
    Path folder;

    @Test
    void write_thenRead_roundTrips() throws IOException {
        ReplayFile file = ReplayFileTest.sampleFile(Compression.COMPACT);
        Path target = folder.resolve("run.rpl");

        file.write(target);

        assertThat(Files.readAllBytes(target)).isEqualTo(file.toBytes());
        assertThat(ReplayFile.read(target)).isEqualTo(file);
    }

    @Test
    void write_overAnOlderFile_replacesIt() throws IOException {
        Path target = folder.resolve("run.rpl");
        ReplayFileTest.sampleFile(Compression.NONE).write(target);
        ReplayFile newer = ReplayFileTest.sampleFile(Compression.COMPACT);

        newer.write(target);

        assertThat(ReplayFile.read(target)).isEqualTo(newer);
        try (Stream<Path> files = Files.list(folder)) {
            assertThat(files).containsExactly(target);
        }
    }

    @Test
    void writeAsync_thenReadAsync_runOnBoundedElastic_andCompletesOnlyOnDemand() {
        ReplayFile file = ReplayFileTest.sampleFile(Compression.COMPACT);
        Path target = folder.resolve("async.rpl");

        StepVerifier.create(file.writeAsync(target).then(ReplayFile.readAsync(target))
                        .map(read -> read.equals(file) + " " + Thread.currentThread().getName()), 0)
                .expectSubscription()
                .thenRequest(1)
                .assertNext(result -> assertThat(result).startsWith("true boundedElastic"))
                .expectComplete().verify(Duration.ofSeconds(10));
    }

    @Test
    void writeAsync_isLazy_untilSubscribed() {
        Path target = folder.resolve("lazy.rpl");

        ReplayFileTest.sampleFile(Compression.NONE).writeAsync(target);

        assertThat(Files.exists(target)).isFalse();
    }

    @Test
    void readAsync_ofACorruptFile_signalsReplayFormatException() throws IOException {
        Path target = folder.resolve("bad.rpl");
        Files.write(target, new byte[] {(byte) 0x89, 'R', 'P', 'Y', 1});

        StepVerifier.create(ReplayFile.readAsync(target))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(ReplayFormatException.class)
                        .hasMessageContaining("Truncated"))
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void readAsync_ofAMissingFile_signalsIOException() {
        StepVerifier.create(ReplayFile.readAsync(folder.resolve("none.rpl")))
                .expectError(IOException.class)
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void read_ofAFileLargerThanTheCapsAllow_failsBeforeReadingIt() throws IOException {
        Path big = folder.resolve("big.rpl");
        Files.write(big, new byte[100_000]);
        ReplayFileReader reader = ReplayFileReader.builder().maxSteps(10).maxParamBytes(10).maxHeaderBytes(64).build();

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> reader.read(big))
                .isInstanceOf(ReplayFormatException.class)
                .hasMessageContaining("The file has 100000 bytes, more than the largest replay file the caps allow");
    }

    @Test
    void read_ofAFifo_isRefusedAtOnce_namingThePath() throws Exception {
        Path fifo = folder.resolve("pipe.rpl");
        Process mkfifo;
        try {
            mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        } catch (IOException e) {
            org.junit.jupiter.api.Assumptions.abort("mkfifo is not available: " + e.getMessage());
            return;
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(mkfifo.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)
                && mkfifo.exitValue() == 0, "mkfifo failed");

        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ReplayFile.read(fifo))
                .isInstanceOf(java.nio.file.FileSystemException.class)
                .hasMessageContaining(fifo.toString()).hasMessageContaining("not a regular file (a FIFO)");
        StepVerifier.create(ReplayFile.readAsync(fifo))
                .expectErrorSatisfies(e -> assertThat(e).hasMessageContaining("not a regular file"))
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void read_ofAFolder_isRefused_namingThePath() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ReplayFile.read(folder))
                .isInstanceOf(IOException.class).hasMessageContaining(folder.toString()).hasMessageContaining("folder");
    }

    @Test
    void read_ofAnInterruptedThread_stopsBetweenChunks() throws IOException {
        Path target = folder.resolve("run.rpl");
        ReplayFileTest.sampleFile(Compression.COMPACT).write(target);

        Thread.currentThread().interrupt();
        try {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> ReplayFile.read(target))
                    .isInstanceOf(IOException.class);
        } finally {
            Thread.interrupted();
        }
        assertThat(ReplayFile.read(target)).isEqualTo(ReplayFileTest.sampleFile(Compression.COMPACT));
    }

    @Test
    void readAsync_disposed_interruptsTheReadingThread() throws Exception {
        java.util.concurrent.CountDownLatch reading = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch interrupted = new java.util.concurrent.CountDownLatch(1);
        byte[] header = ReplayFileTest.sampleFile(Compression.NONE).toBytes();
        java.io.InputStream stalling = new java.io.InputStream() {
            private int at;

            @Override
            public int read() throws IOException {
                if (at < 10) {
                    return header[at++] & 0xFF;
                }
                reading.countDown();
                try {
                    new java.util.concurrent.CountDownLatch(1).await(30, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    interrupted.countDown();
                    throw new java.io.InterruptedIOException("interrupted");
                }
                throw new IOException("never interrupted");
            }
        };
        reactor.core.Disposable subscription = reactor.core.publisher.Mono
                .fromCallable(() -> ReplayFile.read(stalling))
                .subscribeOn(reactor.core.scheduler.Schedulers.boundedElastic())
                .subscribe(file -> { }, error -> { });
        assertThat(reading.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

        subscription.dispose();

        assertThat(interrupted.await(10, java.util.concurrent.TimeUnit.SECONDS)).as("the reading thread is freed").isTrue();
    }
}

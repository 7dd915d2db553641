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
package dev.reprise.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A Java program run as a real process (a JVM of its own), for tests that stop it with a real SIGTERM.
 * Its stdout and stderr go together to a file: reading a pipe races the JDK closing it when the process
 * ends, which can lose the last lines, exactly the ones a stop prints.
 */
final class WorkerProcess {

    private final Process process;
    private final Path output;

    private WorkerProcess(Process process, Path output) {
        this.process = process;
        this.output = output;
    }

    /**
     * Starts {@code java -cp classPath mainClass args...} with the given extra environment.
     *
     * @param env variables added to this JVM's environment (this JVM's {@code REPRISE_KAFKA_*} are removed)
     */
    static WorkerProcess start(Map<String, String> env, String classPath, String mainClass, String... args)
            throws IOException {
        List<String> javaArgs = new ArrayList<>(List.of("-cp", classPath, mainClass));
        javaArgs.addAll(List.of(args));
        return java(env, javaArgs);
    }

    /**
     * Starts {@code java javaArgs...} (a 256 MB heap, the tests' logging configuration) with the given extra
     * environment.
     *
     * @param env variables added to this JVM's environment (this JVM's {@code REPRISE_KAFKA_*} are removed)
     */
    static WorkerProcess java(Map<String, String> env, List<String> javaArgs) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-Djava.util.logging.config.file=" + Path.of("src/reprise/src/test/resources/logging.properties").toAbsolutePath()));
        command.addAll(javaArgs);
        Path output = Files.createTempFile("reprise-process-", ".out");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(output.toFile());
        builder.environment().keySet().removeIf(key -> key.startsWith(WorkerConfig.ENV_PREFIX));
        builder.environment().putAll(env);
        return new WorkerProcess(builder.start(), output);
    }

    /**
     * Sends SIGTERM ({@link Process#destroy()} on Linux and macOS) and waits for the exit.
     *
     * @return the exit code
     * @throws IllegalStateException if it has not exited within the timeout
     */
    int terminate(Duration timeout) throws InterruptedException {
        process.destroy();
        return awaitExit(timeout);
    }

    /**
     * Waits for the process to exit by itself.
     *
     * @return the exit code
     * @throws IllegalStateException if it has not exited within the timeout
     */
    int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("the process did not exit within " + timeout + "; output: " + output());
        }
        return process.exitValue();
    }

    /** Returns what it printed so far. */
    String output() {
        try {
            return Files.readString(output, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Kills it (SIGKILL) if it still runs, and deletes its output file. */
    void kill() throws IOException {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Files.deleteIfExists(output);
    }
}

package dev.reprise.kafka;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A worker run as a real process (a JVM of its own), for tests that stop it with a real SIGTERM: its
 * output (stdout and stderr together) is collected on a thread of its own.
 */
final class WorkerProcess {

    private final Process process;
    private final StringBuffer output = new StringBuffer();
    private final Thread reader;

    private WorkerProcess(Process process) {
        this.process = process;
        this.reader = new Thread(this::drain, "worker-process-output");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts {@code java -cp classPath mainClass args...} with the given extra environment.
     *
     * @param env variables added to this JVM's environment (the {@code REPRISE_KAFKA_*} of this JVM are removed)
     */
    static WorkerProcess start(Map<String, String> env, String classPath, String mainClass, String... args)
            throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m", "-cp", classPath,
                "-Djava.util.logging.config.file=" + Path.of("src/test/resources/logging.properties").toAbsolutePath(),
                mainClass));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().keySet().removeIf(key -> key.startsWith(WorkerConfig.ENV_PREFIX));
        builder.environment().putAll(env);
        return new WorkerProcess(builder.start());
    }

    private void drain() {
        byte[] buffer = new byte[8192];
        try (InputStream in = process.getInputStream()) {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                output.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Sends SIGTERM and waits for the exit.
     *
     * @return the exit code
     * @throws IllegalStateException if it has not exited within the timeout
     */
    int terminate(Duration timeout) throws InterruptedException {
        process.destroy();
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("the worker did not exit within " + timeout + " of SIGTERM; output: "
                    + output);
        }
        reader.join(TimeUnit.SECONDS.toMillis(10));
        return process.exitValue();
    }

    /**
     * Waits for the process to exit by itself.
     *
     * @return the exit code
     * @throws IllegalStateException if it has not exited within the timeout
     */
    int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException("the process did not exit within " + timeout + "; output: " + output);
        }
        reader.join(TimeUnit.SECONDS.toMillis(10));
        return process.exitValue();
    }

    /** Returns what it printed so far. */
    String output() {
        return output.toString();
    }

    /** Kills it (SIGKILL) if it still runs. */
    void kill() {
        process.destroyForcibly();
    }
}

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

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The configuration of a {@link WorkerMain} process: a properties file, {@code REPRISE_KAFKA_*}
 * environment variables (which win over the file) and command-line options (which win over both), turned
 * into a {@link VerificationWorker.Builder}.
 *
 * <p>Keys: {@code game}, {@code builds} (a folder of game jars; {@code --builds=DIR} on the command line),
 * {@code parallelism}, {@code submissions.topic}, {@code verdicts.topic},
 * {@code group.id}, {@code transactional.id.prefix}, {@code worker.id}, {@code max.poll.records},
 * {@code commit.interval.ms}, {@code stop.timeout.ms}, {@code start.timeout.ms}, {@code replay.timeout.ms},
 * {@code replay.max.steps}, {@code max.attempts}, {@code health.port} (off when absent: see
 * {@link WorkerHealth}), {@code health.address} (loopback unless set); {@code kafka.*} is a Kafka client property for
 * both clients ({@code kafka.bootstrap.servers} is required), {@code kafka.consumer.*} and
 * {@code kafka.producer.*} for one of them. An environment variable names a key in upper case with
 * {@code _} for {@code .}, after {@code REPRISE_KAFKA_}: {@code REPRISE_KAFKA_BOOTSTRAP_SERVERS} is
 * {@code kafka.bootstrap.servers}, {@code REPRISE_KAFKA_GROUP_ID} is {@code group.id}. An unknown key is
 * an error, so a misspelt option never goes unnoticed; {@link #of} checks every value (numbers, ranges), so
 * that a bad one is refused before anything connects.
 *
 * @param values the merged keys and values
 */
record WorkerConfig(Map<String, String> values) {

    /** The environment variable prefix. */
    static final String ENV_PREFIX = "REPRISE_KAFKA_";
    private static final Set<String> KEYS = Arrays.stream(Key.values()).map(Key::key)
            .collect(Collectors.toUnmodifiableSet());
    private static final String KAFKA = "kafka.";
    private static final String CONSUMER = "kafka.consumer.";
    private static final String PRODUCER = "kafka.producer.";

    /** The worker's own keys, with what {@code --help} says of each. */
    enum Key {
        GAME("game", "the game id, when several games are installed (default: the one installed)"),
        BUILDS("builds", "a folder of game jars: each replay played by the jar of its game and build,"
                + " UNKNOWN_BUILD if none (default: the class path's game; also --builds=DIR)"),
        PARALLELISM("parallelism", "replays verified at once (default: the processor count)"),
        SUBMISSIONS_TOPIC("submissions.topic", "the topic read (default " + WorkerSettings.DEFAULT_SUBMISSIONS_TOPIC
                + ")"),
        VERDICTS_TOPIC("verdicts.topic", "the topic written (default " + WorkerSettings.DEFAULT_VERDICTS_TOPIC + ")"),
        GROUP_ID("group.id", "the consumer group all workers share (default " + WorkerSettings.DEFAULT_GROUP_ID + ")"),
        TRANSACTIONAL_ID_PREFIX("transactional.id.prefix", "the transactional id is PREFIX-WORKERID (default "
                + WorkerSettings.DEFAULT_TRANSACTIONAL_ID_PREFIX + ")"),
        WORKER_ID("worker.id", "unique in the group, stable across restarts, e.g. the pod name (default: random)"),
        MAX_POLL_RECORDS("max.poll.records", "the most submissions one poll fetches (default 100)"),
        COMMIT_INTERVAL_MS("commit.interval.ms", "how often ready verdicts are committed (default 100)"),
        STOP_TIMEOUT_MS("stop.timeout.ms", "how long a stop waits for the replays in work (default 30000)"),
        START_TIMEOUT_MS("start.timeout.ms", "how long a start waits for the broker and the topics (default "
                + WorkerSettings.DEFAULT_START_TIMEOUT.toMillis() + ")"),
        REPLAY_TIMEOUT_MS("replay.timeout.ms", "the most one replay may take; past it, its verdict is TIMED_OUT"
                + " (default " + WorkerSettings.DEFAULT_REPLAY_TIMEOUT.toMillis() + ")"),
        REPLAY_MAX_STEPS("replay.max.steps", "the most steps one replay may play; past them, TIMED_OUT (default "
                + WorkerSettings.DEFAULT_MAX_STEPS + ")"),
        MAX_ATTEMPTS("max.attempts", "a submission in work when its worker died this many times gets a FAILED"
                + " verdict instead of another try (default " + WorkerSettings.DEFAULT_MAX_ATTEMPTS + ")"),
        HEALTH_PORT("health.port", "serve /health/live and /health/ready on this port, 0 for any free one"
                + " (default: off)"),
        HEALTH_ADDRESS("health.address", "the address the health port binds (default " + DEFAULT_HEALTH_ADDRESS
                + ", loopback only; 0.0.0.0 for every interface)");

        private final String key;
        private final String help;

        Key(String key, String help) {
            this.key = key;
            this.help = help;
        }

        /** Returns the key as written in a properties file. */
        String key() {
            return key;
        }

        /** Returns what the key sets, and its default. */
        String help() {
            return help;
        }
    }

    /** The address the health endpoint binds unless {@code health.address} says otherwise. */
    static final String DEFAULT_HEALTH_ADDRESS = "127.0.0.1";

    WorkerConfig {
        values = Map.copyOf(values);
    }

    /**
     * Merges a properties file's keys with the environment's {@code REPRISE_KAFKA_*} variables.
     *
     * @throws IllegalArgumentException naming an unknown key
     */
    static WorkerConfig of(Properties file, Map<String, String> env) {
        return of(file, env, Map.of());
    }

    /**
     * Merges a properties file's keys, the environment's {@code REPRISE_KAFKA_*} variables and keys given on
     * the command line, each winning over the ones before.
     *
     * @param options keys from the command line ({@code --builds=DIR} is {@code builds})
     * @throws IllegalArgumentException naming an unknown key or a bad value
     */
    static WorkerConfig of(Properties file, Map<String, String> env, Map<String, String> options) {
        Map<String, String> values = new TreeMap<>();
        for (String key : file.stringPropertyNames()) {
            // A string property name has a string value.
            String value = Objects.requireNonNull(file.getProperty(key), key);
            values.put(checked(key, "in the properties file"), value.trim());
        }
        for (Map.Entry<String, String> variable : env.entrySet()) {
            if (variable.getKey().startsWith(ENV_PREFIX)) {
                String key = fromEnv(variable.getKey());
                values.put(checked(key, "from " + variable.getKey()), variable.getValue().trim());
            }
        }
        options.forEach((key, value) -> values.put(checked(key, "on the command line"), value.trim()));
        WorkerConfig config = new WorkerConfig(values);
        config.check();
        return config;
    }

    /** Reads every value once, so that a bad one is refused now, named, before anything starts. */
    private void check() {
        parallelism();
        replayTimeout();
        maxSteps();
        healthPort();
        builds();
        for (String key : List.of("max.poll.records", "max.attempts")) {
            number(key, 1, Integer.MAX_VALUE, 0);
        }
        for (String key : List.of("commit.interval.ms", "stop.timeout.ms", "start.timeout.ms")) {
            millis(key, Duration.ZERO);
        }
        for (String key : List.of("submissions.topic", "verdicts.topic", "group.id", "transactional.id.prefix",
                "worker.id", "game", "health.address", "builds")) {
            String value = values.get(key);
            if (value != null && value.isBlank()) {
                throw new IllegalArgumentException("worker option '" + key + "': must not be blank");
            }
        }
    }

    /** Maps an environment variable to its key: the Kafka client ones get {@code kafka.}. */
    private static String fromEnv(String variable) {
        String key = variable.substring(ENV_PREFIX.length()).toLowerCase(Locale.ROOT).replace('_', '.');
        return KEYS.contains(key) || key.startsWith(KAFKA) ? key : KAFKA + key;
    }

    private static String checked(String key, String where) {
        if (KEYS.contains(key) || (key.startsWith(KAFKA) && key.length() > KAFKA.length())) {
            return key;
        }
        throw new IllegalArgumentException("unknown worker option '" + key + "' " + where + "; known: "
                + new TreeSet<>(KEYS) + ", kafka.*, kafka.consumer.*, kafka.producer.*");
    }

    /** Returns the game to verify, or {@code null} to take the one installed. */
    @Nullable
    String game() {
        return values.get("game");
    }

    /**
     * Returns the folder of game jars to serve every build from, if one is configured.
     *
     * @throws IllegalArgumentException if the value is not a path
     */
    Optional<Path> builds() {
        String value = values.get("builds");
        if (value == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Path.of(value));
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("worker option 'builds': not a path: '" + value + "' ("
                    + e.getReason() + ")", e);
        }
    }

    /** Returns the topic submissions are sent to and read from. */
    String submissionsTopic() {
        return values.getOrDefault("submissions.topic", WorkerSettings.DEFAULT_SUBMISSIONS_TOPIC);
    }

    /** Returns the topic verdicts are written to and read from. */
    String verdictsTopic() {
        return values.getOrDefault("verdicts.topic", WorkerSettings.DEFAULT_VERDICTS_TOPIC);
    }

    /** Returns how long a start waits for the broker and the topics. */
    Duration startTimeout() {
        return millis("start.timeout.ms", WorkerSettings.DEFAULT_START_TIMEOUT);
    }

    /** Returns the configured parallelism, or the processor count. */
    int parallelism() {
        return (int) number("parallelism", 1, Integer.MAX_VALUE, Runtime.getRuntime().availableProcessors());
    }

    /** Returns the most one replay may take. */
    Duration replayTimeout() {
        return millis("replay.timeout.ms", WorkerSettings.DEFAULT_REPLAY_TIMEOUT);
    }

    /** Returns the most steps one replay may play. */
    long maxSteps() {
        return number("replay.max.steps", 1, Long.MAX_VALUE, WorkerSettings.DEFAULT_MAX_STEPS);
    }

    /** Returns the port of the health endpoint (0 for any free one), or -1 for none. */
    int healthPort() {
        String value = values.get("health.port");
        if (value == null) {
            return -1;
        }
        return (int) number("health.port", 0, 65_535, -1);
    }

    /** Returns the address the health endpoint binds: loopback unless configured. */
    String healthAddress() {
        return values.getOrDefault("health.address", DEFAULT_HEALTH_ADDRESS);
    }

    /** Fills a builder with these options, each checked and named if bad. */
    VerificationWorker.Builder apply(VerificationWorker.Builder builder) {
        set("submissions.topic", builder::submissionsTopic);
        set("verdicts.topic", builder::verdictsTopic);
        set("group.id", builder::groupId);
        set("transactional.id.prefix", builder::transactionalIdPrefix);
        set("worker.id", builder::workerId);
        if (values.containsKey("max.poll.records")) {
            builder.maxPollRecords((int) number("max.poll.records", 1, Integer.MAX_VALUE, 0));
        }
        if (values.containsKey("max.attempts")) {
            builder.maxAttempts((int) number("max.attempts", 1, Integer.MAX_VALUE, 0));
        }
        if (values.containsKey("commit.interval.ms")) {
            builder.commitInterval(millis("commit.interval.ms", Duration.ZERO));
        }
        if (values.containsKey("stop.timeout.ms")) {
            builder.stopTimeout(millis("stop.timeout.ms", Duration.ZERO));
        }
        if (values.containsKey("start.timeout.ms")) {
            builder.startTimeout(millis("start.timeout.ms", Duration.ZERO));
        }
        return builder.consumerConfig(prefixed(CONSUMER)).producerConfig(prefixed(PRODUCER));
    }

    /** Returns the {@code kafka.*} properties for both clients. */
    Map<String, Object> kafkaConfig() {
        Map<String, Object> config = new LinkedHashMap<>();
        values.forEach((key, value) -> {
            if (key.startsWith(KAFKA) && !key.startsWith(CONSUMER) && !key.startsWith(PRODUCER)) {
                config.put(key.substring(KAFKA.length()), value);
            }
        });
        return config;
    }

    private Map<String, Object> prefixed(String prefix) {
        Map<String, Object> config = new LinkedHashMap<>();
        values.forEach((key, value) -> {
            if (key.startsWith(prefix) && key.length() > prefix.length()) {
                config.put(key.substring(prefix.length()), value);
            }
        });
        return config;
    }

    private void set(String key, Consumer<String> setter) {
        String value = values.get(key);
        if (value != null) {
            setter.accept(value);
        }
    }

    /** A positive number of milliseconds, as a duration. */
    private Duration millis(String key, Duration fallback) {
        long millis = number(key, 1, Long.MAX_VALUE, -1);
        return millis < 0 ? fallback : Duration.ofMillis(millis);
    }

    /** A whole number from {@code min} to {@code max}, or the fallback when the key is absent. */
    private long number(String key, long min, long max, long fallback) {
        String value = values.get(key);
        if (value == null) {
            return fallback;
        }
        long number;
        try {
            number = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("worker option '" + key + "': not a whole number: '" + value + "'", e);
        }
        if (number < min || number > max) {
            throw new IllegalArgumentException("worker option '" + key + "': must be " + (max == Long.MAX_VALUE
                    ? "at least " + min : "from " + min + " to " + max) + ", was " + value
                    + (key.equals("health.port") ? " (a TCP port; 0 picks a free one)" : ""));
        }
        return number;
    }
}

package dev.reprise.kafka;

import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The configuration of a {@link WorkerMain} process: a properties file and {@code REPRISE_KAFKA_*}
 * environment variables (which win), turned into a {@link VerificationWorker.Builder}.
 *
 * <p>Keys: {@code game}, {@code parallelism}, {@code submissions.topic}, {@code verdicts.topic},
 * {@code group.id}, {@code transactional.id.prefix}, {@code worker.id}, {@code max.poll.records},
 * {@code commit.interval.ms}, {@code stop.timeout.ms}, {@code start.timeout.ms}, {@code health.port} (off
 * when absent: see {@link WorkerHealth}), {@code health.address} (loopback unless set); {@code kafka.*} is a Kafka client property for
 * both clients ({@code kafka.bootstrap.servers} is required), {@code kafka.consumer.*} and
 * {@code kafka.producer.*} for one of them. An environment variable names a key in upper case with
 * {@code _} for {@code .}, after {@code REPRISE_KAFKA_}: {@code REPRISE_KAFKA_BOOTSTRAP_SERVERS} is
 * {@code kafka.bootstrap.servers}, {@code REPRISE_KAFKA_GROUP_ID} is {@code group.id}. An unknown key is
 * an error, so a misspelt option never goes unnoticed.
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
        HEALTH_PORT("health.port", "serve /health/live and /health/ready on this port (default: off)"),
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
        return new WorkerConfig(values);
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

    /** Returns the configured parallelism, or the processor count. */
    int parallelism() {
        return number("parallelism", Runtime.getRuntime().availableProcessors());
    }

    /** Returns the port of the health endpoint, or -1 for none. */
    int healthPort() {
        return number("health.port", -1);
    }

    /** Returns the address the health endpoint binds: loopback unless configured. */
    String healthAddress() {
        return values.getOrDefault("health.address", DEFAULT_HEALTH_ADDRESS);
    }

    /** Fills a builder with these options; the builder checks the values at {@code build()}. */
    VerificationWorker.Builder apply(VerificationWorker.Builder builder) {
        set("submissions.topic", builder::submissionsTopic);
        set("verdicts.topic", builder::verdictsTopic);
        set("group.id", builder::groupId);
        set("transactional.id.prefix", builder::transactionalIdPrefix);
        set("worker.id", builder::workerId);
        if (values.containsKey("max.poll.records")) {
            builder.maxPollRecords(number("max.poll.records", 0));
        }
        if (values.containsKey("commit.interval.ms")) {
            builder.commitInterval(Duration.ofMillis(number("commit.interval.ms", 0)));
        }
        if (values.containsKey("stop.timeout.ms")) {
            builder.stopTimeout(Duration.ofMillis(number("stop.timeout.ms", 0)));
        }
        if (values.containsKey("start.timeout.ms")) {
            builder.startTimeout(Duration.ofMillis(number("start.timeout.ms", 0)));
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

    private int number(String key, int fallback) {
        String value = values.get(key);
        if (value == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("worker option '" + key + "': not a whole number: '" + value + "'", e);
        }
    }
}

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

import dev.reprise.json.VerdictJson;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * {@link SubmitMain}'s command line: options, each at most once, as {@code --option VALUE} or
 * {@code --option=VALUE}, then the replay files and folders ({@code --} ends the options, for a path that
 * starts with {@code -}).
 *
 * @param config  the worker's properties file, if given: its Kafka and topic keys apply, the others are unused
 * @param options the worker keys set on the command line ({@code --bootstrap-servers} sets
 *                {@code kafka.bootstrap.servers}, {@code --submissions-topic} and {@code --verdicts-topic} the
 *                topics); they win over the file and the environment
 * @param timeout how long each replay waits for its verdict, from its send
 * @param json    whether each verdict is printed as one line of JSON ({@link VerdictJson})
 * @param paths   the replay files and folders, at least one, in their order
 */
record SubmitArguments(Optional<Path> config, Map<String, String> options, Duration timeout, boolean json,
                       List<Path> paths) {

    /** The usage line a bad command line is told. */
    static final String USAGE = "usage: SubmitMain [--bootstrap-servers=HOST:PORT] [--submissions-topic=TOPIC]"
            + " [--verdicts-topic=TOPIC] [--config=FILE] [--timeout=SECONDS] [--json] FILE|DIR...";
    /** How long each replay waits for its verdict unless {@code --timeout} says otherwise. */
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);
    /** The longest {@code --timeout}, in seconds: a day. */
    static final int MAX_TIMEOUT_SECONDS = 86_400;
    /** The options that set a worker key, with the key each sets. */
    private static final Map<String, String> KEYS = Map.of("--bootstrap-servers", "kafka.bootstrap.servers",
            "--submissions-topic", "submissions.topic", "--verdicts-topic", "verdicts.topic");

    SubmitArguments {
        options = Map.copyOf(options);
        paths = List.copyOf(paths);
    }

    /**
     * Reads the command line ({@code --help} is handled before).
     *
     * @throws IllegalArgumentException with the usage, naming what is wrong
     */
    static SubmitArguments parse(String[] args) {
        @Nullable Path config = null;
        Map<String, String> options = new HashMap<>();
        @Nullable Duration timeout = null;
        boolean json = false;
        List<Path> paths = new ArrayList<>();
        boolean optionsEnded = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (optionsEnded || !arg.startsWith("-") || arg.equals("-")) {
                paths.add(path(arg, "a replay file or folder"));
                continue;
            }
            if (arg.equals("--")) {
                optionsEnded = true;
                continue;
            }
            if (arg.equals("--json")) {
                if (json) {
                    throw bad("--json is given twice");
                }
                json = true;
                continue;
            }
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (!name.equals("--config") && !name.equals("--timeout") && !KEYS.containsKey(name)) {
                throw bad("unknown option '" + arg + "'");
            }
            String value;
            if (!name.equals(arg)) {
                value = arg.substring(name.length() + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw bad(name + " needs a value");
            }
            if (value.isBlank()) {
                throw bad(name + " needs a value");
            }
            boolean twice = switch (name) {
                case "--config" -> config != null;
                case "--timeout" -> timeout != null;
                default -> options.containsKey(key(name));
            };
            if (twice) {
                throw bad(name + " is given twice");
            }
            switch (name) {
                case "--config" -> config = path(value, "--config");
                case "--timeout" -> timeout = timeout(value);
                default -> options.put(key(name), value);
            }
        }
        if (paths.isEmpty()) {
            throw bad("no replay file or folder given");
        }
        return new SubmitArguments(Optional.ofNullable(config), options, timeout == null ? DEFAULT_TIMEOUT : timeout,
                json, paths);
    }

    /** The worker key an option sets. */
    private static String key(String option) {
        return Objects.requireNonNull(KEYS.get(option), option);
    }

    private static Duration timeout(String value) {
        long seconds;
        try {
            seconds = Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--timeout: not a whole number of seconds: '" + value + "'", e);
        }
        if (seconds < 1 || seconds > MAX_TIMEOUT_SECONDS) {
            throw new IllegalArgumentException("--timeout: must be from 1 to " + MAX_TIMEOUT_SECONDS
                    + " seconds, was " + value);
        }
        return Duration.ofSeconds(seconds);
    }

    private static Path path(String value, String what) {
        try {
            return Path.of(value);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException(what + ": not a path: '" + value + "' (" + e.getReason() + ")", e);
        }
    }

    private static IllegalArgumentException bad(String what) {
        return new IllegalArgumentException(USAGE + ": " + what);
    }
}

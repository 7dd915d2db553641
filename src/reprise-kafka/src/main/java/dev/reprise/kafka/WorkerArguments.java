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
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * {@link WorkerMain}'s command line: {@code --config FILE} and {@code --builds DIR}, each once, in any order,
 * each also as {@code --option=VALUE}.
 *
 * @param config  the properties file, if given
 * @param options the worker keys set on the command line ({@code --builds} sets {@code builds}); they win
 *                over the file and the environment
 */
record WorkerArguments(Optional<Path> config, Map<String, String> options) {

    /** The usage line a bad command line is told. */
    static final String USAGE = "usage: WorkerMain [--config worker.properties] [--builds=DIR] [--help]";

    WorkerArguments {
        options = Map.copyOf(options);
    }

    /**
     * Reads the command line ({@code --help} is handled before).
     *
     * @throws IllegalArgumentException with the usage, naming what is wrong
     */
    static WorkerArguments parse(String[] args) {
        @Nullable String config = null;
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (!name.equals("--config") && !name.equals("--builds")) {
                throw bad("unknown option '" + arg + "'", args);
            }
            String value;
            if (!name.equals(arg)) {
                value = arg.substring(name.length() + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw bad(name + " needs a value", args);
            }
            if (value.isBlank()) {
                throw bad(name + " needs a value", args);
            }
            boolean twice = name.equals("--config") ? config != null : options.containsKey("builds");
            if (twice) {
                throw bad(name + " is given twice", args);
            }
            if (name.equals("--config")) {
                config = value;
            } else {
                options.put("builds", value);
            }
        }
        return new WorkerArguments(Optional.ofNullable(config).map(WorkerArguments::path), options);
    }

    private static Path path(String file) {
        try {
            return Path.of(file);
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("--config: not a path: '" + file + "' (" + e.getReason() + ")", e);
        }
    }

    private static IllegalArgumentException bad(String what, String[] args) {
        return new IllegalArgumentException(USAGE + ": " + what + " (was: " + String.join(" ", args) + ")");
    }
}

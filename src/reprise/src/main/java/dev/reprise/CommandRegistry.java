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
package dev.reprise;

import dev.reprise.command.CommandLookup;
import dev.reprise.command.ReplayCode;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.CommandDictionary;
import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * An immutable table from command code to command and name. Lookups are an array index, so playback
 * resolves a code without boxing or hashing, and the {@code Optional} of each registered command is made
 * with the table, so the lookup a sandbox asks on every step allocates nothing; a registration makes a
 * new table (registrations are rare).
 */
final class CommandRegistry {

    /** The largest code a route can hold (a 16-bit command width). */
    static final int MAX_CODE = 0xFFFF;

    static final CommandRegistry EMPTY = new CommandRegistry(new ReplayCommand[0], Map.of());

    private final ReplayCommand[] byCode;
    /** {@link #byCode} wrapped once, so {@link #command(int)} allocates nothing on playback's path. */
    private final Optional<ReplayCommand>[] optionalByCode;
    private final Map<Integer, String> names;
    /** {@link #names} as a file's dictionary, made on first use (a name a file cannot store throws then). */
    @Nullable
    private volatile CommandDictionary dictionary;

    @SuppressWarnings("unchecked") // an array of a generic type; only Optional<ReplayCommand> goes in
    private CommandRegistry(ReplayCommand[] byCode, Map<Integer, String> names) {
        this.byCode = byCode;
        this.names = names;
        this.optionalByCode = new Optional[byCode.length];
        for (int code = 0; code < byCode.length; code++) {
            optionalByCode[code] = Optional.ofNullable(byCode[code]);
        }
    }

    @Nullable
    ReplayCommand get(int code) {
        return code >= 0 && code < byCode.length ? byCode[code] : null;
    }

    /** @return the code's command, an {@code Optional} made with the table: allocation-free */
    Optional<ReplayCommand> command(int code) {
        return code >= 0 && code < optionalByCode.length ? optionalByCode[code] : Optional.empty();
    }

    /** @return an unmodifiable map from code to name, in code order */
    Map<Integer, String> names() {
        return names;
    }

    /** @return the names as a replay file's command dictionary */
    CommandDictionary dictionary() {
        CommandDictionary made = dictionary;
        if (made == null) {
            made = CommandDictionary.of(names);
            dictionary = made;
        }
        return made;
    }

    /** @return a table with the code's command and name set, added or replacing the current ones */
    CommandRegistry with(int code, String name, ReplayCommand command) {
        ReplayCommand[] table = Arrays.copyOf(byCode, Math.max(byCode.length, code + 1));
        table[code] = command;
        TreeMap<Integer, String> grown = new TreeMap<>(names);
        grown.put(code, name);
        return new CommandRegistry(table, Collections.unmodifiableMap(grown));
    }

    /**
     * Returns a lookup that reads the table {@code current} supplies at each call, so a sandbox finds
     * the commands registered after it was created. Its {@code command} allocates nothing.
     *
     * @param current supplies the table in force; read from any thread, so a volatile read
     * @return the live lookup
     */
    static CommandLookup live(Supplier<CommandRegistry> current) {
        return new CommandLookup() {
            @Override
            public Optional<ReplayCommand> command(int code) {
                return current.get().command(code);
            }

            @Override
            public Optional<String> name(int code) {
                return Optional.ofNullable(current.get().names.get(code));
            }
        };
    }

    /** @return the default name of a code: the built-in name, else {@code "code-N"} */
    static String defaultName(int code) {
        return ReplayCode.nameOf(code).orElseGet(() -> "code-" + code);
    }
}

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
package dev.reprise.command;

import dev.reprise.internal.FileStrings;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * The commands a game registers, as code → name: stored in a replay file so that the replay can be
 * checked against the game that plays it ({@link dev.reprise.io.ReplayCompatibility}) and dumped in readable form.
 *
 * <p>Immutable and thread-safe. Codes are 0..65535 (the widest command width); names are non-empty
 * strings of well-formed UTF-8 of at most 65,535 bytes.
 */
public final class CommandDictionary {

    private static final CommandDictionary EMPTY = new CommandDictionary(new TreeMap<>());

    private final SortedMap<Integer, String> names;

    private CommandDictionary(TreeMap<Integer, String> names) {
        this.names = Collections.unmodifiableSortedMap(names);
    }

    /**
     * Returns the dictionary without entries (a file without a dictionary section).
     *
     * @return the empty dictionary
     */
    public static CommandDictionary empty() {
        return EMPTY;
    }

    /**
     * Returns a dictionary of the given entries.
     *
     * @param names code → name; neither keys nor values may be {@code null}
     * @return the dictionary
     * @throws IllegalArgumentException if a code is outside 0..65535 or a name is empty or too long
     */
    public static CommandDictionary of(Map<Integer, String> names) {
        Builder builder = builder();
        Objects.requireNonNull(names, "names").forEach(builder::put);
        return builder.build();
    }

    /**
     * Returns a new, empty builder.
     *
     * @return the builder
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Returns the name registered for {@code code}.
     *
     * @param code a command code
     * @return the name, or empty if the code has none
     */
    public Optional<String> name(int code) {
        return Optional.ofNullable(names.get(code));
    }

    /**
     * Returns the entries, ascending by code.
     *
     * @return an unmodifiable view, code → name
     */
    public SortedMap<Integer, String> asMap() {
        return names;
    }

    /**
     * Returns the number of entries.
     *
     * @return the size
     */
    public int size() {
        return names.size();
    }

    /**
     * Tells whether this dictionary has no entries.
     *
     * @return {@code true} if empty
     */
    public boolean isEmpty() {
        return names.isEmpty();
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof CommandDictionary that && names.equals(that.names);
    }

    @Override
    public int hashCode() {
        return names.hashCode();
    }

    @Override
    public String toString() {
        return "CommandDictionary" + names;
    }

    /** Builds a {@link CommandDictionary}, checking each entry as it is added. Not thread-safe. */
    public static final class Builder {

        private final TreeMap<Integer, String> names = new TreeMap<>();

        private Builder() {
        }

        /**
         * Adds (or replaces) the name of a code.
         *
         * @param code a code, 0..65535
         * @param name its non-empty name
         * @return this builder
         * @throws IllegalArgumentException if the code or name is invalid
         */
        public Builder put(int code, String name) {
            if (code < 0 || code > 0xFFFF) {
                throw new IllegalArgumentException("Command code " + code + " is outside 0..65535");
            }
            FileStrings.check("name of command " + code, name);
            if (name.isEmpty()) {
                throw new IllegalArgumentException("The name of command " + code + " is empty");
            }
            names.put(code, name);
            return this;
        }

        /**
         * Returns the dictionary.
         *
         * @return a new immutable dictionary
         */
        public CommandDictionary build() {
            return names.isEmpty() ? EMPTY : new CommandDictionary(new TreeMap<>(names));
        }
    }
}

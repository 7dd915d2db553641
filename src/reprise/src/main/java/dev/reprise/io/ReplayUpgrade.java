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

import dev.reprise.internal.FileStrings;
import dev.reprise.route.ReplayArray;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What changed in a game's commands from one of its builds to the next, declared by the game so that
 * replays of the older build play on the newer one. Only changes that leave the rules alone can be
 * declared: a command renamed or renumbered, a parameter added with a default, a parameter removed, a
 * command removed. {@link ReplayCompatibility} applies the upgrades it is given when it checks a file of
 * an older build ({@link ReplayCompatibility.Builder#upgrade}); so does a verifier given them.
 *
 * <p>How a step is upgraded: its command is found by the name the file's dictionary gives its code (the
 * upgrade needs that dictionary), the declared changes of that name are applied to the step, and the step
 * gets the code the newer build registers under the command's (possibly new) name. So a command that was
 * only renumbered needs nothing declared; a command that is neither renamed nor changed keeps its name.
 * Every change names the command as the <em>older</em> build's files name it.
 *
 * <pre>{@code
 * ReplayUpgrade upgrade = ReplayUpgrade.builder("1.4", "1.5")
 *         .renamed("jump", "leap")          // and leap has another code in 1.5: nothing more to say
 *         .paramAdded("move", 1, 1)         // move gained a speed, 1 in every 1.4 replay
 *         .paramRemoved("shoot", 2)         // shoot's third param is gone
 *         .removed("debug-mark")            // steps of this command are dropped
 *         .build();
 * }</pre>
 *
 * <p>A real change of the rules (a command whose effect changed) cannot be declared: such a replay
 * plays only on the build that recorded it.
 *
 * <p>Immutable and thread-safe. Two upgrades are equal when they go between the same builds and declare
 * the same changes in the same order.
 */
public final class ReplayUpgrade {

    /**
     * The metadata key of the build that recorded an upgraded file: an upgraded file carries the newer
     * build in its header and, under this key, the build it was recorded by (kept through later upgrades).
     */
    public static final String ORIGIN_BUILD_KEY = "reprise.origin-build";

    /** The most params a step has: a param index is below it. */
    private static final int MAX_PARAMS = 255;

    private final String fromBuild;
    private final String toBuild;
    /** The changes by the older build's command name, in declaration order. */
    private final Map<String, CommandChange> changes;

    private ReplayUpgrade(Builder builder) {
        this.fromBuild = builder.fromBuild;
        this.toBuild = builder.toBuild;
        Map<String, CommandChange> copy = new LinkedHashMap<>();
        builder.changes.forEach((name, change) -> copy.put(name, change.freeze()));
        this.changes = Collections.unmodifiableMap(copy);
    }

    /**
     * Returns a builder of the upgrade from one build of a game to the next.
     *
     * @param fromBuild the older build, as replay files carry it
     * @param toBuild   the newer build
     * @return a new builder that declares no change (commands only renumbered)
     * @throws IllegalArgumentException if the builds are equal
     */
    public static Builder builder(String fromBuild, String toBuild) {
        return new Builder(fromBuild, toBuild);
    }

    /**
     * Returns the build whose files this upgrade reads.
     *
     * @return the older build
     */
    public String fromBuild() {
        return fromBuild;
    }

    /**
     * Returns the build whose files this upgrade writes.
     *
     * @return the newer build
     */
    public String toBuild() {
        return toBuild;
    }

    /**
     * Returns the declared changes, one line each, in declaration order, e.g.
     * {@code renamed "jump" to "leap"}.
     *
     * @return an unmodifiable list; empty if the commands were only renumbered
     */
    public List<String> changes() {
        List<String> lines = new ArrayList<>();
        changes.forEach((name, change) -> lines.addAll(change.describe(name)));
        return Collections.unmodifiableList(lines);
    }

    /** The change of the older build's command {@code name}, if any was declared. */
    Optional<CommandChange> change(String name) {
        return Optional.ofNullable(changes.get(name));
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof ReplayUpgrade that && fromBuild.equals(that.fromBuild)
                && toBuild.equals(that.toBuild) && changes().equals(that.changes());
    }

    @Override
    public int hashCode() {
        return Objects.hash(fromBuild, toBuild, changes());
    }

    /**
     * Returns the builds and the changes, for logs.
     *
     * @return e.g. {@code ReplayUpgrade[1.4 -> 1.5: renamed "jump" to "leap"]}
     */
    @Override
    public String toString() {
        List<String> lines = changes();
        return "ReplayUpgrade[" + fromBuild + " -> " + toBuild + (lines.isEmpty() ? ": codes only"
                : ": " + String.join(", ", lines)) + "]";
    }

    /** One parameter change of a command: add {@code value} at {@code index}, or remove the param there. */
    record ParamChange(boolean add, int index, @Nullable Object value) {
    }

    /** What happens to the steps of one command: removed, or renamed and their params changed. */
    static final class CommandChange {
        private @Nullable String renamedTo;
        private boolean removed;
        private List<ParamChange> params = new ArrayList<>();

        /** The command's name in the newer build. */
        String newName(String oldName) {
            return renamedTo != null ? renamedTo : oldName;
        }

        boolean removed() {
            return removed;
        }

        List<ParamChange> params() {
            return params;
        }

        private CommandChange freeze() {
            CommandChange frozen = new CommandChange();
            frozen.renamedTo = renamedTo;
            frozen.removed = removed;
            frozen.params = List.copyOf(params);
            return frozen;
        }

        private List<String> describe(String name) {
            List<String> lines = new ArrayList<>();
            if (removed) {
                lines.add("removed \"" + name + "\"");
                return lines;
            }
            for (ParamChange p : params) {
                lines.add(p.add() ? "added param " + p.index() + " to \"" + name + "\", default " + p.value()
                        : "removed param " + p.index() + " of \"" + name + "\"");
            }
            if (renamedTo != null) {
                lines.add("renamed \"" + name + "\" to \"" + renamedTo + "\"");
            }
            return lines;
        }
    }

    /**
     * Builds a {@link ReplayUpgrade}, checking each change as it is declared: an
     * {@link IllegalArgumentException} (or {@link NullPointerException}) names the change and what is wrong
     * with it. Not thread-safe.
     */
    public static final class Builder {

        private final String fromBuild;
        private final String toBuild;
        private final Map<String, CommandChange> changes = new LinkedHashMap<>();

        private Builder(String fromBuild, String toBuild) {
            this.fromBuild = FileStrings.check("fromBuild", fromBuild);
            this.toBuild = FileStrings.check("toBuild", toBuild);
            if (fromBuild.equals(toBuild)) {
                throw new IllegalArgumentException("an upgrade goes from one build to another, but both are \""
                        + fromBuild + "\"");
            }
        }

        /**
         * Declares that a command was renamed; its steps get the code the newer build registers under the
         * new name.
         *
         * @param oldName the name in the older build's files
         * @param newName the name the newer build registers
         * @return this builder
         * @throws IllegalArgumentException if a name is empty, the names are equal, the command is already
         *     renamed or removed, or another command is already renamed to {@code newName}
         */
        public Builder renamed(String oldName, String newName) {
            CommandChange change = changeOf(oldName, "renamed");
            name(newName, "renamed: newName");
            if (oldName.equals(newName)) {
                throw new IllegalArgumentException("renamed: \"" + oldName + "\" is renamed to itself (a command "
                        + "only renumbered needs nothing declared)");
            }
            if (change.renamedTo != null) {
                throw new IllegalArgumentException("renamed: \"" + oldName + "\" is already renamed to \""
                        + change.renamedTo + "\"");
            }
            changes.forEach((name, other) -> {
                if (newName.equals(other.renamedTo)) {
                    throw new IllegalArgumentException("renamed: \"" + name + "\" is already renamed to \"" + newName
                            + "\"");
                }
            });
            change.renamedTo = newName;
            return this;
        }

        /**
         * Declares that a command gained a parameter: every step of the older build gets {@code value} at
         * {@code index}, the params from there on moving up by one. Changes of one command apply in the
         * order they are declared, each to the params the previous ones left.
         *
         * @param command the command's name in the older build's files
         * @param index   where the param goes, 0..254; a step with fewer params than that cannot be upgraded
         * @param value   the value the older build behaved as if it had: a {@code Boolean}, {@code Byte},
         *                {@code Short}, {@code Integer}, {@code Long}, {@code Float}, {@code Double},
         *                {@code BigInteger} or {@code String}, as a route stores params
         * @return this builder
         * @throws IllegalArgumentException if the name is empty, the command is removed, the index is out of
         *     range or the value cannot be stored in a route
         */
        public Builder paramAdded(String command, int index, Object value) {
            CommandChange change = changeOf(command, "paramAdded");
            Objects.requireNonNull(value, "paramAdded: value");
            index(index, "paramAdded");
            try {
                new ReplayArray().add(0, value); // the route's own check of a param's type and size
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("paramAdded: the default of param " + index + " of \"" + command
                        + "\" cannot be stored in a route: " + e.getMessage(), e);
            }
            change.params.add(new ParamChange(true, index, value));
            return this;
        }

        /**
         * Declares that a command lost a parameter: the param at {@code index} is dropped from every step of
         * the older build, the params after it moving down by one.
         *
         * @param command the command's name in the older build's files
         * @param index   the param dropped, 0..254; a step with no param there cannot be upgraded
         * @return this builder
         * @throws IllegalArgumentException if the name is empty, the command is removed or the index is out
         *     of range
         */
        public Builder paramRemoved(String command, int index) {
            CommandChange change = changeOf(command, "paramRemoved");
            index(index, "paramRemoved");
            change.params.add(new ParamChange(false, index, null));
            return this;
        }

        /**
         * Declares that a command is gone: its steps are dropped from the older build's routes. Only for a
         * command that never changed the game's state (a marker, a debug step), or the upgraded replay
         * diverges.
         *
         * @param command the command's name in the older build's files
         * @return this builder
         * @throws IllegalArgumentException if the name is empty or the command is already renamed, changed
         *     or removed
         */
        public Builder removed(String command) {
            CommandChange change = changeOf(command, "removed");
            if (change.removed || change.renamedTo != null || !change.params.isEmpty()) {
                throw new IllegalArgumentException("removed: \"" + command + "\" already has a change declared; "
                        + "a removed command has no other");
            }
            change.removed = true;
            return this;
        }

        /**
         * Returns the upgrade, once the changes hold together: a parameter change must name its command as
         * the older build's files name it, so one declared on the name another command is renamed to (and
         * that is not itself renamed away) is refused, as it would be applied to no step and leave the renamed
         * command's steps without the parameter.
         *
         * @return a new immutable upgrade
         * @throws IllegalArgumentException naming the command and the rename, if a parameter change is
         *     declared on a command's new name
         */
        public ReplayUpgrade build() {
            changes.forEach((oldName, change) -> {
                String newName = change.renamedTo;
                CommandChange onNewName = newName == null ? null : changes.get(newName);
                if (onNewName != null && onNewName.renamedTo == null && !onNewName.removed
                        && !onNewName.params.isEmpty()) {
                    throw new IllegalArgumentException("upgrade " + fromBuild + " -> " + toBuild + ": a param change "
                            + "is declared on \"" + newName + "\", the new name of \"" + oldName + "\"; every change "
                            + "names the command as build " + fromBuild + "'s files name it: declare it on \""
                            + oldName + "\"");
                }
            });
            return new ReplayUpgrade(this);
        }

        private CommandChange changeOf(String name, String what) {
            name(name, what + ": command");
            CommandChange change = changes.computeIfAbsent(name, n -> new CommandChange());
            if (change.removed) {
                throw new IllegalArgumentException(what + ": \"" + name + "\" is declared removed");
            }
            return change;
        }

        private static void name(String name, String what) {
            FileStrings.check(what, name);
            if (name.isEmpty()) {
                throw new IllegalArgumentException(what + " must not be empty");
            }
        }

        private static void index(int index, String what) {
            if (index < 0 || index >= MAX_PARAMS) {
                throw new IllegalArgumentException(what + ": a param index is 0.." + (MAX_PARAMS - 1) + ", was "
                        + index);
            }
        }
    }
}

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

import dev.reprise.command.CommandDictionary;
import dev.reprise.route.ReplaySave;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Checks that a replay file fits the game about to play it — its compatibility: the game id, optionally
 * the build, and every code the route uses against the commands the game registers (for a
 * {@code ReplaySystem}, {@code builder(gameId, system.commandDictionary())}). It reads no step's
 * meaning: whether the replay plays correctly is {@code dev.reprise.verify.ReplayVerifier}'s question. All mismatches are
 * reported together ({@link ReplayMismatchException}), before playback starts.
 *
 * <p>Code rules, for each code the route uses: a code the game does not register is
 * {@link ReplayMismatch.Kind#UNKNOWN_CODE}; a code the file's dictionary names differently from
 * the game is {@link ReplayMismatch.Kind#RENAMED_CODE} (a file without a dictionary entry for the
 * code cannot show a rename). Codes the route never uses do not matter.
 *
 * <p>Upgrades: given the {@link ReplayUpgrade upgrades} a game declares ({@link Builder#upgrade}), a file
 * of this game recorded by a build some upgrade starts from is upgraded before it is checked: the upgrade
 * from its build, then the one from that upgrade's build, and so on, up to the {@linkplain
 * Builder#requireBuild required build} when one is set. {@link #check} returns the upgraded file;
 * {@link #upgrade} only upgrades. Immutable and thread-safe.
 */
public final class ReplayCompatibility {

    private final String gameId;
    @Nullable
    private final String gameBuild;
    private final CommandDictionary commands;
    /** The declared upgrades by the build they start from. */
    private final Map<String, ReplayUpgrade> upgrades;

    private ReplayCompatibility(Builder builder) {
        this.gameId = builder.gameId;
        this.gameBuild = builder.gameBuild;
        this.commands = builder.commands;
        this.upgrades = Map.copyOf(builder.upgrades);
    }

    /**
     * Returns a builder of the compatibility of files with the game that will play them.
     *
     * @param gameId   the playing game's id
     * @param commands the commands it registers (code → name)
     * @return a new builder that accepts any build
     */
    public static Builder builder(String gameId, CommandDictionary commands) {
        return new Builder(gameId, commands);
    }

    /**
     * Returns every mismatch between {@code file}, upgraded if an upgrade applies, and the game, without
     * throwing.
     *
     * @param file the file to check
     * @return the mismatches in the order game, build, codes ascending; empty if the file fits; only the
     *     {@link ReplayMismatch.Kind#NOT_UPGRADABLE} ones if a declared upgrade cannot be applied to it
     */
    public List<ReplayMismatch> mismatches(ReplayFile file) {
        ReplayFile upgraded;
        try {
            upgraded = upgrade(file);
        } catch (ReplayMismatchException e) {
            return e.mismatches();
        }
        return mismatchesAsIs(upgraded);
    }

    /**
     * Returns {@code file} upgraded to the build this game plays: through every declared upgrade from the
     * file's build on, in turn, stopping at the {@linkplain Builder#requireBuild required build}. The
     * upgraded file carries the last upgrade's build, the game's names of its commands as its dictionary,
     * and its origin build in the metadata entry {@link ReplayUpgrade#ORIGIN_BUILD_KEY} (kept from an
     * earlier upgrade if it has one); its other metadata is kept.
     *
     * @param file the file to upgrade
     * @return the upgraded file, or {@code file} itself if it is another game's or no upgrade starts from
     *     its build
     * @throws ReplayMismatchException of {@link ReplayMismatch.Kind#NOT_UPGRADABLE} mismatches if a
     *     declared change cannot be applied to a step (the messages name the step and the change)
     */
    public ReplayFile upgrade(ReplayFile file) {
        Objects.requireNonNull(file, "file");
        if (upgrades.isEmpty() || !gameId.equals(file.gameId())) {
            return file;
        }
        List<ReplayUpgrade> chain = new ArrayList<>();
        String build = file.gameBuild();
        ReplayUpgrade next;
        while (!build.equals(gameBuild) && (next = upgrades.get(build)) != null) {
            chain.add(next);
            build = next.toBuild();
        }
        return chain.isEmpty() ? file : UpgradeChain.apply(file, chain, commands);
    }

    private List<ReplayMismatch> mismatchesAsIs(ReplayFile file) {
        List<ReplayMismatch> found = new ArrayList<>();
        if (!gameId.equals(file.gameId())) {
            found.add(new ReplayMismatch(ReplayMismatch.Kind.OTHER_GAME, -1, "recorded by game \""
                    + file.gameId() + "\", but this is game \"" + gameId + "\""));
        }
        if (gameBuild != null && !gameBuild.equals(file.gameBuild())) {
            found.add(new ReplayMismatch(ReplayMismatch.Kind.OTHER_BUILD, -1, "recorded by build \""
                    + file.gameBuild() + "\", but this is build \"" + gameBuild + "\""));
        }
        ReplaySave save = file.save();
        int[] uses = new int[save.commandWidth().maxCode() + 1];
        int[] firstStep = new int[uses.length];
        ByteBuffer entries = save.commandArray();
        int entry = save.commandWidth().entrySize();
        for (int step = 0; step < save.length(); step++) {
            int at = step * entry + 1;
            int code = entry == 2 ? entries.get(at) & 0xFF : (entries.get(at) & 0xFF) << 8 | entries.get(at + 1) & 0xFF;
            if (uses[code]++ == 0) {
                firstStep[code] = step;
            }
        }
        for (int code = 0; code < uses.length; code++) {
            if (uses[code] == 0) {
                continue;
            }
            Optional<String> recorded = file.dictionary().name(code);
            Optional<String> registered = commands.name(code);
            if (registered.isEmpty()) {
                String used = used(code, recorded.orElse(null), uses[code], firstStep[code]);
                found.add(new ReplayMismatch(ReplayMismatch.Kind.UNKNOWN_CODE, code, used
                        + ", but this game registers no command " + code));
            } else if (recorded.isPresent() && !recorded.get().equals(registered.get())) {
                String used = used(code, recorded.get(), uses[code], firstStep[code]);
                found.add(new ReplayMismatch(ReplayMismatch.Kind.RENAMED_CODE, code, used
                        + ", but this game registers it as \"" + registered.get() + "\""));
            }
        }
        return found;
    }

    /**
     * Says how a code is used, for a mismatch only: a verifier checks every replay it plays, and a replay
     * that fits builds no message.
     */
    private static String used(int code, @Nullable String recorded, int uses, int firstStep) {
        String label = recorded == null ? "" : " (\"" + recorded + "\" in the file)";
        return "code " + code + label + " is used by " + uses + " step" + (uses == 1 ? "" : "s")
                + ", first at step " + firstStep;
    }

    /**
     * Checks {@code file}, upgraded if an upgrade applies ({@link #upgrade}), and returns it if it fits the
     * game.
     *
     * @param file the file to check
     * @return {@code file} itself, or the upgraded file if an upgrade applied
     * @throws ReplayMismatchException listing every mismatch, if there is any, or why a declared upgrade
     *     cannot be applied
     */
    public ReplayFile check(ReplayFile file) {
        ReplayFile upgraded = upgrade(file);
        List<ReplayMismatch> found = mismatchesAsIs(upgraded);
        if (!found.isEmpty()) {
            throw new ReplayMismatchException(found);
        }
        return upgraded;
    }

    /** Builds a {@link ReplayCompatibility}. Not thread-safe. */
    public static final class Builder {

        private final String gameId;
        private final CommandDictionary commands;
        @Nullable
        private String gameBuild;
        private final Map<String, ReplayUpgrade> upgrades = new HashMap<>();

        private Builder(String gameId, CommandDictionary commands) {
            this.gameId = Objects.requireNonNull(gameId, "gameId");
            this.commands = Objects.requireNonNull(commands, "commands");
        }

        /**
         * Requires files to come from exactly this build (by default any build is accepted).
         *
         * @param gameBuild the playing game's build
         * @return this builder
         */
        public Builder requireBuild(String gameBuild) {
            this.gameBuild = Objects.requireNonNull(gameBuild, "gameBuild");
            return this;
        }

        /**
         * Adds an upgrade the game declares: files of its older build are upgraded before they are checked.
         *
         * @param upgrade the upgrade
         * @return this builder
         * @throws IllegalArgumentException if an upgrade from the same build was added already, or this one
         *     closes a loop of upgrades (each build is upgraded one way only)
         */
        public Builder upgrade(ReplayUpgrade upgrade) {
            Objects.requireNonNull(upgrade, "upgrade");
            ReplayUpgrade other = upgrades.get(upgrade.fromBuild());
            if (other != null) {
                throw new IllegalArgumentException("upgrade: build \"" + upgrade.fromBuild() + "\" is upgraded "
                        + "already, to \"" + other.toBuild() + "\"; it cannot also go to \"" + upgrade.toBuild()
                        + "\"");
            }
            for (String build = upgrade.toBuild(); ; ) {
                if (build.equals(upgrade.fromBuild())) {
                    throw new IllegalArgumentException("upgrade: " + upgrade.fromBuild() + " -> " + upgrade.toBuild()
                            + " closes a loop of upgrades back to build \"" + build + "\"");
                }
                ReplayUpgrade next = upgrades.get(build);
                if (next == null) {
                    break;
                }
                build = next.toBuild();
            }
            upgrades.put(upgrade.fromBuild(), upgrade);
            return this;
        }

        /**
         * Adds every upgrade of {@code upgrades}, as {@link #upgrade} does.
         *
         * @param upgrades the upgrades, in any order
         * @return this builder
         * @throws IllegalArgumentException as {@link #upgrade} does
         */
        public Builder upgrades(Collection<ReplayUpgrade> upgrades) {
            Objects.requireNonNull(upgrades, "upgrades").forEach(this::upgrade);
            return this;
        }

        /**
         * Returns the check.
         *
         * @return a new immutable check
         */
        public ReplayCompatibility build() {
            return new ReplayCompatibility(this);
        }
    }
}

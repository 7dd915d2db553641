package dev.reprise.io;

import dev.reprise.route.ReplaySave;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
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
 * code cannot show a rename). Codes the route never uses do not matter. Immutable and thread-safe.
 */
public final class ReplayCompatibility {

    private final String gameId;
    @Nullable
    private final String gameBuild;
    private final CommandDictionary commands;

    private ReplayCompatibility(Builder builder) {
        this.gameId = builder.gameId;
        this.gameBuild = builder.gameBuild;
        this.commands = builder.commands;
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
     * Returns every mismatch between {@code file} and the game, without throwing.
     *
     * @param file the file to check
     * @return the mismatches in the order game, build, codes ascending; empty if the file fits
     */
    public List<ReplayMismatch> mismatches(ReplayFile file) {
        List<ReplayMismatch> found = new ArrayList<>();
        if (!gameId.equals(file.gameId())) {
            found.add(new ReplayMismatch(ReplayMismatch.Kind.OTHER_GAME, -1, "recorded by game \""
                    + file.gameId() + "\", but this is game \"" + gameId + "\""));
        }
        if (gameBuild != null && !gameBuild.equals(file.gameBuild())) {
            found.add(new ReplayMismatch(ReplayMismatch.Kind.OTHER_BUILD, -1, "recorded by build \""
                    + file.gameBuild() + "\", but this is build \"" + gameBuild + "\""));
        }
        ReplaySave route = file.save();
        int[] uses = new int[route.commandWidth().maxCode() + 1];
        int[] firstStep = new int[uses.length];
        ByteBuffer entries = route.commandArray();
        int entry = route.commandWidth().entrySize();
        for (int step = 0; step < route.length(); step++) {
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
            String where = uses[code] + " step" + (uses[code] == 1 ? "" : "s") + ", first at step " + firstStep[code];
            Optional<String> recorded = file.dictionary().name(code);
            Optional<String> registered = commands.name(code);
            String label = recorded.map(name -> " (\"" + name + "\" in the file)").orElse("");
            if (registered.isEmpty()) {
                found.add(new ReplayMismatch(ReplayMismatch.Kind.UNKNOWN_CODE, code, "code " + code + label
                        + " is used by " + where + ", but this game registers no command " + code));
            } else if (recorded.isPresent() && !recorded.get().equals(registered.get())) {
                found.add(new ReplayMismatch(ReplayMismatch.Kind.RENAMED_CODE, code, "code " + code + label
                        + " is used by " + where + ", but this game registers it as \"" + registered.get() + "\""));
            }
        }
        return found;
    }

    /**
     * Checks {@code file} and returns it if it fits the game.
     *
     * @param file the file to check
     * @return {@code file}
     * @throws ReplayMismatchException listing every mismatch, if there is any
     */
    public ReplayFile check(ReplayFile file) {
        List<ReplayMismatch> found = mismatches(file);
        if (!found.isEmpty()) {
            throw new ReplayMismatchException(found);
        }
        return file;
    }

    /** Builds a {@link ReplayCompatibility}. Not thread-safe. */
    public static final class Builder {

        private final String gameId;
        private final CommandDictionary commands;
        @Nullable
        private String gameBuild;

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
         * Returns the check.
         *
         * @return a new immutable check
         */
        public ReplayCompatibility build() {
            return new ReplayCompatibility(this);
        }
    }
}

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
package dev.reprise.verify;

import dev.reprise.command.CommandDictionary;
import dev.reprise.internal.Require;
import dev.reprise.io.ReplayCompatibility;
import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayFileReader;
import dev.reprise.io.ReplayMismatchException;
import dev.reprise.io.ReplayUpgrade;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.jspecify.annotations.Nullable;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * Verifies replay files in bulk: reads each one within caps, builds a fresh game for it, plays its route
 * headless to the end and says whether it holds up, as one {@link Verdict} per replay.
 *
 * <p>For each replay, in this order: the file is read through the {@link ReplayFileReader} (a path
 * or bytes; a file over the caps or malformed is {@link Outcome#INVALID_FILE}); its game id, its codes
 * and the final-hash claim are checked ({@code INVALID_FILE}; a build the verifier does not
 * {@linkplain Builder#gameBuilds play} is {@link Outcome#UNKNOWN_BUILD}), a file of an older build is
 * {@linkplain Builder#upgrade upgraded}; the {@link GameFactory} builds a game, its
 * system loads the route and a sandbox plays it to the end on the worker's thread. A state-hash step that
 * does not match is {@link Outcome#DESYNC}; a failing command is {@link Outcome#FAILED}; running over
 * {@linkplain Builder#maxSteps the step budget} or {@linkplain Builder#timeout the timeout} is
 * {@link Outcome#TIMED_OUT}. At the end, a final state hash other than the file claims, or a final state
 * {@linkplain Builder#accept the game refuses}, is {@link Outcome#REJECTED}; otherwise the replay is
 * {@link Outcome#VALID}.
 *
 * <p>Backpressure and memory: at most {@linkplain Builder#parallelism parallelism} replays are in work
 * at once, each read, prepared and played on a worker of the {@linkplain Builder#runOn runOn} scheduler. A
 * worker that has just finished a replay takes the next source when one is at hand, so replays follow each
 * other on the same thread without a hand-off; a worker left idle is released, and the next source takes
 * a new one. A source is read inside its worker, never ahead, so at most that many routes are decoded and
 * that many games alive. Sources are requested from the publisher as work slots free up and verdicts are
 * taken: never more than the subscriber's demand plus the parallelism. Verdicts come in the order they
 * finish, from the workers' threads; {@link Verdict#position()} tells the source's place. Cancelling stops
 * the playbacks in flight (a decode in progress runs to its end, then is dropped).
 *
 * <p>One bad replay never stops the batch: whatever goes wrong with a replay (even the game factory
 * throwing) becomes its verdict, never an error of the Flux. Only an error of the sources publisher
 * itself ends the Flux with that error, after the verdicts in flight; and running out of memory while
 * reading or preparing a replay (too many too large routes in work for the heap) ends it with an
 * {@link IllegalStateException} naming the replay, whose cause is the {@link OutOfMemoryError}: no
 * further source is taken, and the error comes after the verdicts of the replays still in work.
 *
 * <p>Immutable and thread-safe; one verifier may verify any number of batches at once.
 */
public final class ReplayVerifier {

    /**
     * The per-replay timeout recommended for verifying replays nobody vouches for, unattended: 60 seconds,
     * from reading a replay to its verdict. The replay tool's {@code verify} and the Kafka verification
     * worker use it unless told otherwise; a {@link Builder} sets no timeout unless {@link Builder#timeout}
     * is called.
     */
    public static final Duration RECOMMENDED_TIMEOUT = Duration.ofSeconds(60);

    /**
     * The metadata entry that marks a replay as a test case a developer derived from another (a shrink or a cut
     * writes {@code "shrunk"} or {@code "cut"}): such a file need not claim a final state hash, since the
     * hash of the build that had the bug would be stale on the fixed one; if it claims none, it is judged
     * by its play and the acceptance check alone, but only by a verifier that {@linkplain Builder#testCases
     * takes test cases}: a server verifying uploads does not, so a player cannot drop the check by adding the
     * entry. A file that claims one has it checked, as any other.
     */
    public static final String TEST_CASE_KEY = "reprise.test-case";

    /**
     * The per-replay step budget recommended for verifying replays nobody vouches for, unattended: 1,000,000
     * steps, the most a route may have under {@link ReplayFileReader#DEFAULT}'s caps, so it never refuses a
     * replay that reader accepts; with a reader whose caps allow more, a longer route is
     * {@link Outcome#TIMED_OUT}. The replay tool's {@code verify} and the Kafka verification worker use it
     * unless told otherwise; a {@link Builder} sets no budget unless {@link Builder#maxSteps} is called.
     */
    public static final long RECOMMENDED_MAX_STEPS = 1_000_000;

    private final GameFactory games;
    @Nullable
    private final String gameId;
    @Nullable
    private final CommandDictionary dictionary;
    @Nullable
    private final String finalHashKey;
    private final boolean testCases;
    @Nullable
    private final Predicate<VerifiableGame> accept;
    private final List<Invariant> invariants;
    private final int parallelism;
    private final Scheduler runOn;
    private final Scheduler timer;
    private final ReplayFileReader reader;
    private final long maxSteps;
    @Nullable
    private final Duration timeout;
    private final Set<String> gameBuilds;
    private final List<ReplayUpgrade> upgrades;
    /** Set for a verifier of several builds: each replay is played by the verifier of its build. */
    private final @Nullable BuildRouter<?> router;

    private ReplayVerifier(Builder b) {
        this.games = b.games;
        this.gameId = b.gameId;
        this.dictionary = b.dictionary;
        this.finalHashKey = b.finalHashKey;
        this.testCases = b.testCases;
        this.accept = b.accept;
        this.invariants = List.copyOf(b.invariants);
        this.parallelism = b.parallelism;
        // Resolved now, so a verifier built inside StepVerifier.withVirtualTime gets the virtual schedulers.
        this.runOn = b.runOn != null ? b.runOn : Schedulers.boundedElastic();
        this.timer = Schedulers.parallel();
        this.reader = b.reader;
        this.maxSteps = b.maxSteps;
        this.timeout = b.timeout;
        this.gameBuilds = b.gameBuilds;
        this.upgrades = List.copyOf(b.upgrades);
        this.router = b.router;
    }

    /**
     * Returns a builder of verifiers that build each replay's game with {@code games}.
     *
     * @param games builds a fresh game for each replay
     * @return a new builder: any game id, the game's own commands as the dictionary, no final-hash key, no
     *         acceptance check, parallelism {@code Runtime.availableProcessors()},
     *         {@code Schedulers.boundedElastic()}, {@link ReplayFileReader#DEFAULT}, no step budget, no timeout
     */
    public static Builder builder(GameFactory games) {
        return new Builder(games);
    }

    /**
     * Returns a verifier of every build installed in {@code builds}: each replay is played by the verifier
     * of the provider that plays its file's build as recorded, or else upgrades it ({@link GameBuilds#lease}),
     * built with {@code options} (once per jar, and again for a jar loaded anew); its verdict names that build
     * and jar and whether the replay was upgraded ({@link Verdict#playedBuild()}, {@link Verdict#jar()},
     * {@link Verdict#upgraded()}). A replay of an installed game but a build no jar plays or upgrades (or
     * that two jars claim alike) is {@link Outcome#UNKNOWN_BUILD}, its reason naming the installed builds;
     * one of a game no jar plays is {@link Outcome#INVALID_FILE}. The jar stays loaded until the replay's verdict,
     * even if it is removed meanwhile.
     *
     * @param builds  the installed builds; the verifier does not close them
     * @param options the run's options, applied to each provider's {@link ReplayVerifierProvider#verifier()}
     *                and to this verifier: parallelism, runOn, reader, budgets (set no game option here),
     *                e.g. {@code b -> b.parallelism(4).timeout(Duration.ofSeconds(30))}
     * @param <P>     the provider type
     * @return the verifier; its parallelism bounds all replays together
     */
    public static <P extends ReplayVerifierProvider> ReplayVerifier forBuilds(GameBuilds<P> builds,
                                                                             UnaryOperator<Builder> options) {
        Objects.requireNonNull(builds, "builds");
        Objects.requireNonNull(options, "options");
        Builder routed = Objects.requireNonNull(options.apply(builder(file -> {
            throw new IllegalStateException("a verifier of several builds plays each replay with its build's game");
        })), "options returned no builder");
        routed.router = new BuildRouter<>(builds, options);
        return routed.build();
    }

    /**
     * Verifies every replay of {@code sources}, with bounded parallelism.
     *
     * @param sources the replays; requested as work slots free up and verdicts are taken
     * @return a cold Flux with one verdict per source, in the order they finish; it completes after the
     *         last verdict and errors only if {@code sources} errors or the heap runs out (after the
     *         verdicts in flight), or with {@link IllegalArgumentException} at once, the replays in work
     *         cancelled, on a request of {@code n <= 0} (Reactive Streams rule 3.9); it passes through
     *         {@code Flux.onAssembly}, so assembly hooks such as {@code Hooks.onOperatorDebug} see it
     */
    public Flux<Verdict> verify(Publisher<ReplaySource> sources) {
        return VerificationBatch.of(this, sources);
    }

    /**
     * Verifies one replay, at position 0.
     *
     * @param source the replay
     * @return a cold Mono of its verdict, worked out on the {@linkplain Builder#runOn runOn} scheduler; it
     *         errors only if the heap runs out while the replay is read or prepared
     */
    public Mono<Verdict> verify(ReplaySource source) {
        return verify(source, 0);
    }

    /**
     * Returns {@code file} as this verifier plays it: upgraded through the {@linkplain Builder#upgrade
     * declared upgrades} from its build on (see {@link ReplayCompatibility#upgrade}), its codes the game's.
     * The game's codes come from the {@linkplain Builder#dictionary dictionary}, or else from the system of a
     * game built for the file. A verifier of several builds upgrades it with the verifier of its build.
     *
     * @param file the file
     * @return the upgraded file, carrying its origin build in {@link ReplayUpgrade#ORIGIN_BUILD_KEY}; or
     *     {@code file} itself if no upgrade starts from its build
     * @throws ReplayMismatchException  if a declared change cannot be applied to it
     * @throws IllegalArgumentException if the file is another game's, no installed build plays it, or the
     *                                  game cannot be built from it
     */
    public ReplayFile upgrade(ReplayFile file) {
        Objects.requireNonNull(file, "file");
        BuildRouter<?> routes = router;
        if (routes != null) {
            BuildRouter.Routed routed = routes.route(file).orElseThrow(() -> new IllegalArgumentException(
                    "no installed build plays build \"" + file.gameBuild() + "\" of game \"" + file.gameId() + "\""));
            try (GameBuilds.Lease<?> lease = routed.lease()) {
                return routed.verifier().upgrade(file);
            }
        }
        if (gameId != null && !gameId.equals(file.gameId())) {
            throw new IllegalArgumentException("recorded by game \"" + file.gameId() + "\", but this verifier checks "
                    + "game \"" + gameId + "\"");
        }
        if (upgrades.isEmpty()) {
            return file;
        }
        CommandDictionary commands = dictionary;
        if (commands == null) {
            commands = games.create(file).system().commandDictionary();
        }
        return upgraded(file, commands);
    }

    /** The file upgraded through the declared upgrades, for a game registering {@code commands}. */
    ReplayFile upgraded(ReplayFile file, CommandDictionary commands) {
        if (upgrades.isEmpty()) {
            return file;
        }
        return ReplayCompatibility.builder(file.gameId(), commands).upgrades(upgrades).build().upgrade(file);
    }

    private Mono<Verdict> verify(ReplaySource source, long position) {
        Objects.requireNonNull(source, "source");
        return Mono.defer(() -> new Verification(this, source, position).run()).subscribeOn(runOn);
    }

    /**
     * Returns how this verifier builds each replay's game: the tool and {@code dev.reprise.shrink} use it to play a
     * replay the way this verifier would, for instance to shrink or cut it.
     *
     * @return the factory given to {@link #builder(GameFactory)}
     */
    public GameFactory games() {
        return games;
    }

    @Nullable
    String gameId() {
        return gameId;
    }

    @Nullable
    CommandDictionary dictionary() {
        return dictionary;
    }

    /**
     * Returns the metadata key under which every file must claim its final state hash.
     *
     * @return the key set by {@link Builder#finalHashKey}, or empty if the final state hash is not checked
     */
    public Optional<String> finalHashKey() {
        return Optional.ofNullable(finalHashKey);
    }

    /**
     * Returns whether a test case (marked {@link #TEST_CASE_KEY}) may omit its final state hash claim.
     *
     * @return the value set by {@link Builder#testCases}; false by default
     */
    public boolean testCases() {
        return testCases;
    }

    /**
     * Returns the game's judgement of a replay's final state.
     *
     * @return the check set by {@link Builder#accept}, or empty if every final state is accepted
     */
    public Optional<Predicate<VerifiableGame>> accept() {
        return Optional.ofNullable(accept);
    }

    /**
     * Returns the game's named invariants, in the order they were added: what must hold at the start and
     * after every group of steps of every replay. A {@code ReplayCheck} and a shrink take the same ones.
     *
     * @return the invariants set by {@link Builder#invariant}; empty if none
     */
    public List<Invariant> invariants() {
        return invariants;
    }

    /**
     * A named property of the game that must hold while a replay plays, such as "the barn holds at most 4
     * crops". Immutable.
     *
     * @param name  what the property says, quoted in a verdict
     * @param holds tests the game's current state: {@code false} or an exception is a broken invariant; it
     *              must not change the game
     */
    public record Invariant(String name, Predicate<? super VerifiableGame> holds) {

        /**
         * @throws IllegalArgumentException if the name is blank
         */
        public Invariant {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(holds, "holds");
            if (name.isBlank()) {
                throw new IllegalArgumentException("an invariant's name says what must hold; it must not be blank");
            }
        }
    }

    /** @return the most replays in work at once */
    public int parallelism() {
        return parallelism;
    }

    Scheduler runOn() {
        return runOn;
    }

    Scheduler timer() {
        return timer;
    }

    ReplayFileReader reader() {
        return reader;
    }

    long maxSteps() {
        return maxSteps;
    }

    /**
     * Returns the most wall-clock time one replay may take, from reading it to its verdict: the tool and
     * {@code dev.reprise.shrink} bound each replay they play for this verifier (a shrink's tries, a cut) by it too.
     *
     * @return the timeout set by {@link Builder#timeout}, or empty if a replay may take any time
     */
    public Optional<Duration> timeout() {
        return Optional.ofNullable(timeout);
    }

    Set<String> gameBuilds() {
        return gameBuilds;
    }

    /** Whether a declared upgrade starts from {@code build}: its files are played, upgraded. */
    boolean upgradesFrom(String build) {
        for (ReplayUpgrade upgrade : upgrades) {
            if (upgrade.fromBuild().equals(build)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Returns the upgrades the game declares ({@link Builder#upgrade}), in the order they were added: the
     * builds they start from are the ones this verifier plays only by upgrading them
     * ({@link ReplayVerifierProvider#upgradedBuilds()}).
     *
     * @return an unmodifiable list; empty if none is declared (and for a verifier of several builds)
     */
    public List<ReplayUpgrade> upgrades() {
        return upgrades;
    }

    @Nullable
    BuildRouter<?> router() {
        return router;
    }

    @Override
    public String toString() {
        return "ReplayVerifier[gameId=" + gameId + ", finalHashKey=" + finalHashKey + ", accept="
                + (accept != null) + ", parallelism=" + parallelism + ", runOn=" + runOn + ", reader="
                + reader + ", maxSteps=" + (maxSteps == Long.MAX_VALUE ? "none" : maxSteps) + ", timeout="
                + (timeout == null ? "none" : timeout) + (gameBuilds.isEmpty() ? "" : ", gameBuilds=" + gameBuilds)
                + (upgrades.isEmpty() ? "" : ", upgrades=" + upgrades.size())
                + (router == null ? "" : ", several builds") + "]";
    }

    /**
     * Builds a {@link ReplayVerifier}. Each setter checks its value at once and throws
     * {@link IllegalArgumentException} (or {@link NullPointerException}) naming the option. Not
     * thread-safe.
     */
    public static final class Builder {

        private final GameFactory games;
        @Nullable
        private String gameId;
        @Nullable
        private CommandDictionary dictionary;
        @Nullable
        private String finalHashKey;
        private boolean testCases;
        @Nullable
        private Predicate<VerifiableGame> accept;
        private final List<Invariant> invariants = new ArrayList<>();
        private int parallelism = Runtime.getRuntime().availableProcessors();
        @Nullable
        private Scheduler runOn;
        private ReplayFileReader reader = ReplayFileReader.DEFAULT;
        private long maxSteps = Long.MAX_VALUE;
        @Nullable
        private Duration timeout;
        private Set<String> gameBuilds = Set.of();
        private final List<ReplayUpgrade> upgrades = new ArrayList<>();
        private @Nullable BuildRouter<?> router;

        private Builder(GameFactory games) {
            this.games = Objects.requireNonNull(games, "games");
        }

        /**
         * Requires every file to be recorded by this game: a file with another game id is
         * {@link Outcome#INVALID_FILE}. By default any game id is accepted.
         *
         * @param gameId the game id the files must carry
         * @return this builder
         */
        public Builder gameId(String gameId) {
            this.gameId = Objects.requireNonNull(gameId, "gameId");
            return this;
        }

        /**
         * Requires every file to be recorded by one of these builds of the game, or by a build a declared
         * {@linkplain #upgrade upgrade} starts from (played upgraded): a file of another build is
         * {@link Outcome#UNKNOWN_BUILD}, its reason naming these builds, never played. A provider passes its
         * own: {@code provider.verifier().gameBuilds(provider.gameBuilds())}.
         *
         * @param gameBuilds the builds; empty (the default) for any build
         * @return this builder
         * @throws IllegalArgumentException if a build is empty
         */
        public Builder gameBuilds(Set<String> gameBuilds) {
            Set<String> copy = Set.copyOf(Objects.requireNonNull(gameBuilds, "gameBuilds"));
            if (copy.contains("")) {
                throw new IllegalArgumentException("gameBuilds must not hold an empty build, was " + gameBuilds);
            }
            this.gameBuilds = copy;
            return this;
        }

        /**
         * Adds an upgrade the game declares: a file of its older build is upgraded before it is checked and
         * played (see {@link ReplayCompatibility#upgrade}), and one that cannot be is
         * {@link Outcome#INVALID_FILE}. Add one per pair of builds; a file goes through each in turn.
         *
         * @param upgrade e.g. {@code ReplayUpgrade.builder("1.4", "1.5").renamed("jump", "leap").build()}
         * @return this builder
         * @throws IllegalArgumentException if an upgrade from the same build was added already, or this one
         *     closes a loop of upgrades
         */
        public Builder upgrade(ReplayUpgrade upgrade) {
            Objects.requireNonNull(upgrade, "upgrade");
            // The same checks as the compatibility that will apply it, at once.
            ReplayCompatibility.builder("", CommandDictionary.empty()).upgrades(upgrades).upgrade(upgrade);
            upgrades.add(upgrade);
            return this;
        }

        /**
         * Sets the commands the files' routes may use (code to name), checked before the game is built:
         * a code used by the route but missing here, or named differently in the file, is
         * {@link Outcome#INVALID_FILE}. By default each file is checked the same way against the
         * commands its game's system registers, once the game is built.
         *
         * @param dictionary the game's commands
         * @return this builder
         */
        public Builder dictionary(CommandDictionary dictionary) {
            this.dictionary = Objects.requireNonNull(dictionary, "dictionary");
            return this;
        }

        /**
         * Requires every file to claim its final state hash in the metadata entry {@code metadataKey}
         * (written {@code HexFormat.of().toHexDigits(hash)}: 16 lower-case hex digits; 1 to 16 of either case
         * are read), and the replayed game's {@link VerifiableGame#stateHash()} to equal it at the end: a
         * different hash is {@link Outcome#REJECTED}; a missing or malformed entry is
         * {@link Outcome#INVALID_FILE}, found before anything is played (a missing one is allowed in a test
         * case, marked {@link #TEST_CASE_KEY}, when the verifier {@linkplain #testCases takes test cases}).
         *
         * @param metadataKey the metadata key of the claimed hash
         * @return this builder
         * @throws IllegalArgumentException if the key is empty
         */
        public Builder finalHashKey(String metadataKey) {
            Objects.requireNonNull(metadataKey, "finalHashKey");
            if (metadataKey.isEmpty()) {
                throw new IllegalArgumentException("finalHashKey must not be empty");
            }
            this.finalHashKey = metadataKey;
            return this;
        }

        /**
         * Lets a test case (a file marked {@link #TEST_CASE_KEY}, as {@code ReplayShrink} and {@code ReplayCases.cut} write them)
         * omit the final state hash claim {@link #finalHashKey} requires: it is then judged by its play, its
         * invariants and the acceptance check. Off by default, and to be left off where replays come from
         * players (a worker, a leaderboard): there the entry would let a player drop the final hash check. The
         * replay tool turns it on.
         *
         * @param testCases whether test cases may omit the claim
         * @return this builder
         */
        public Builder testCases(boolean testCases) {
            this.testCases = testCases;
            return this;
        }

        /**
         * Sets the game's judgement of its final state, asked once the route played to its end (and the
         * final hash matched): {@code false} is {@link Outcome#REJECTED}, an exception
         * {@link Outcome#FAILED}. Called on the worker's thread, for each replay's own game.
         *
         * @param accept e.g. {@code game -> game.reachedTheTop()}
         * @return this builder
         */
        public Builder accept(Predicate<VerifiableGame> accept) {
            this.accept = Objects.requireNonNull(accept, "accept");
            return this;
        }

        /**
         * Adds a named invariant of the game: a property that must hold at the start of every replay, after
         * every step (an active step once its command's result is in, a passive step once its recorded answer
         * was applied), before every active step (once the group before it and a window's finalize settled)
         * and at the end, before the final state is judged: where a {@code ReplayCheck} checks invariants. A broken one is {@link Outcome#FAILED}, the verdict naming it and the step after which it no
         * longer held. Called on the worker's thread, for each replay's own game. The replay tool's
         * {@code verify} and {@code shrink}, the Kafka worker and a {@code ReplayCheck} of this verifier share
         * these definitions.
         *
         * @param name  what must hold, e.g. {@code "the barn holds at most 4 crops"}
         * @param holds e.g. {@code game -> ((Farm) game).barn() <= 4}; {@code false} or an exception breaks it
         * @return this builder
         * @throws IllegalArgumentException if the name is blank
         */
        public Builder invariant(String name, Predicate<? super VerifiableGame> holds) {
            invariants.add(new Invariant(name, holds));
            return this;
        }

        /**
         * Sets the most replays in work at once: decoded, with a game, playing.
         *
         * @param parallelism at least 1
         * @return this builder
         * @throws IllegalArgumentException if below 1
         */
        public Builder parallelism(int parallelism) {
            Require.atLeastOne(parallelism, "parallelism");
            this.parallelism = parallelism;
            return this;
        }

        /**
         * Sets where the replays are read and played: each replay in work takes a worker of it. The
         * default, {@code Schedulers.boundedElastic()}, gives each replay in work a thread of its own, so a
         * long replay never holds up a short one queued behind it on a busy worker.
         *
         * @param scheduler the scheduler
         * @return this builder
         */
        public Builder runOn(Scheduler scheduler) {
            this.runOn = Objects.requireNonNull(scheduler, "runOn");
            return this;
        }

        /**
         * Sets the reader of the files, whose caps bound what one replay may cost to decode.
         *
         * @param reader the reader
         * @return this builder
         */
        public Builder reader(ReplayFileReader reader) {
            this.reader = Objects.requireNonNull(reader, "reader");
            return this;
        }

        /**
         * Sets the most steps one replay may play: a longer route plays that many steps (a desync or
         * failure among them is still reported as such) and is then {@link Outcome#TIMED_OUT}.
         *
         * @param maxSteps at least 1
         * @return this builder
         * @throws IllegalArgumentException if below 1
         */
        public Builder maxSteps(long maxSteps) {
            Require.atLeastOne(maxSteps, "maxSteps");
            this.maxSteps = maxSteps;
            return this;
        }

        /**
         * Sets the most wall-clock time one replay may take, from reading it to its verdict: past it, the
         * replay is {@link Outcome#TIMED_OUT} and its playback stopped (checked at every step, and by a
         * timer for a command that never answers).
         *
         * @param timeout positive, at most about 292 years
         * @return this builder
         * @throws IllegalArgumentException if zero, negative or too long
         */
        public Builder timeout(Duration timeout) {
            Require.positive(timeout, "timeout");
            try {
                timeout.toNanos(); // deadlines are kept in nanoseconds
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException("timeout is too long to count in nanoseconds: " + timeout, e);
            }
            this.timeout = timeout;
            return this;
        }

        /**
         * Builds the verifier; the default {@linkplain #runOn runOn} scheduler is resolved now.
         *
         * @return the verifier
         */
        public ReplayVerifier build() {
            return new ReplayVerifier(this);
        }
    }
}

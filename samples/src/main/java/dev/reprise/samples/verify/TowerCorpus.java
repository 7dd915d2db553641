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
package dev.reprise.samples.verify;

import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayStep;
import dev.reprise.samples.tower.RecordedInput;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerGenerator;
import dev.reprise.samples.tower.TowerInputException;
import dev.reprise.samples.tower.TowerReplayer;
import dev.reprise.samples.tower.TowerRuleException;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.verify.Outcome;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * A deterministic corpus of tower replay files for the verifier's tests and benchmarks: valid replays of
 * mixed lengths and, mixed in, replays each broken in one known way, each with the outcome a
 * {@link TowerVerification#verifier()} must give it.
 *
 * <table>
 *   <caption>The mix, by share of the entries</caption>
 *   <tr><th>share</th><th>what</th><th>expected</th></tr>
 *   <tr><td>50%</td><td>a bot's game of 1–8 floors and 20–2,000 inputs</td><td>{@code VALID}</td></tr>
 *   <tr><td>10%</td><td>flipped or cut bytes</td><td>{@code INVALID_FILE}</td></tr>
 *   <tr><td>10%</td><td>a recorded state hash changed</td><td>{@code DESYNC}</td></tr>
 *   <tr><td>10%</td><td>one move turned around, caught by the next state hash</td><td>{@code DESYNC}</td></tr>
 *   <tr><td>10%</td><td>another game's id</td><td>{@code INVALID_FILE}</td></tr>
 *   <tr><td>10%</td><td>a wrong claimed final state hash</td><td>{@code REJECTED}</td></tr>
 * </table>
 *
 * <p>The outcome of a turned-around move is worked out without Reprise playback, by replaying the inputs
 * with {@link TowerReplayer} (the contract the playback commands follow) up to each state-hash step: a
 * change that does not matter, or breaks a rule before a hash catches it, is passed over for the next move.
 */
public final class TowerCorpus {

    /** The game id of the entries recorded by "another game". */
    public static final String OTHER_GAME_ID = "dev.reprise.samples.other-game";

    private TowerCorpus() {
    }

    /**
     * One replay of the corpus.
     *
     * @param id a name saying what the entry is, e.g. {@code "0007-desync-hash"}
     * @param bytes the replay file's bytes (not copied; do not change them)
     * @param expected the outcome a {@link TowerVerification#verifier()} must give
     */
    public record Entry(String id, byte[] bytes, Outcome expected) {
        /** Checks that no part is {@code null}. */
        public Entry {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(bytes, "bytes");
            Objects.requireNonNull(expected, "expected");
        }

        @Override
        public String toString() {
            return "Entry[" + id + ", " + bytes.length + " bytes, " + expected + "]";
        }
    }

    /**
     * Generates a corpus: the same seed and count always give the same entries.
     *
     * @param seed any seed
     * @param count how many entries, at least 0
     * @return the entries, in a mixed order
     * @throws IllegalArgumentException if {@code count} is negative
     */
    public static List<Entry> generate(long seed, int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative, was " + count);
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<Entry> entries = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            entries.add(entry(i, random.split()));
        }
        return entries;
    }

    /**
     * Generates entry {@code index} of a corpus from its own random source.
     *
     * @param index the entry's place, which picks its kind (every 10: five valid, then one of each broken kind)
     * @param random the entry's randomness
     * @return the entry
     */
    static Entry entry(int index, SplittableRandom random) {
        int floors = 1 + random.nextInt(8);
        int inputs = 20 + random.nextInt(1_981);
        ReplayFile file = TowerVerification.record(random.nextLong(), floors, inputs);
        String id = String.format("%04d-", index);
        return switch (index % 10) {
            case 5 -> corrupt(id, file, random);
            case 6 -> tamperedHash(id, file, random);
            case 7 -> turnedMove(id, file, random);
            case 8 -> new Entry(id + "other-game", file.toBuilder().gameId(OTHER_GAME_ID).build().toBytes(),
                    Outcome.INVALID_FILE);
            case 9 -> new Entry(id + "wrong-final-hash", file.toBuilder().metadata(TowerVerification.FINAL_HASH_KEY,
                    HexFormat.of().toHexDigits(random.nextLong())).build().toBytes(), Outcome.REJECTED);
            default -> new Entry(id + "valid-" + file.save().length(), file.toBytes(), Outcome.VALID);
        };
    }

    private static Entry corrupt(String id, ReplayFile file, SplittableRandom random) {
        byte[] bytes = file.toBytes();
        if (random.nextBoolean()) {
            return new Entry(id + "cut", Arrays.copyOf(bytes, random.nextInt(bytes.length)), Outcome.INVALID_FILE);
        }
        int at = random.nextInt(bytes.length);
        bytes[at] ^= (byte) (1 + random.nextInt(255)); // never 0: the byte changes
        return new Entry(id + "flipped-byte-" + at, bytes, Outcome.INVALID_FILE);
    }

    private static Entry tamperedHash(String id, ReplayFile file, SplittableRandom random) {
        ReplayArray route = route(file);
        List<Integer> hashSteps = new ArrayList<>();
        for (int i = 0; i < route.length(); i++) {
            if (route.get(i).code() == TowerCommands.STATE_HASH) {
                hashSteps.add(i);
            }
        }
        int at = hashSteps.get(random.nextInt(hashSteps.size())); // record() ends with one: never empty
        long recorded = ((Number) route.get(at).param(0)).longValue();
        route.set(at, TowerCommands.STATE_HASH, recorded ^ (1L | random.nextLong()));
        return new Entry(id + "desync-hash-at-" + at, rewrite(file, route), Outcome.DESYNC);
    }

    private static Entry turnedMove(String id, ReplayFile file, SplittableRandom random) {
        ReplayArray route = route(file);
        TowerGame game = new TowerGame(TowerGenerator.generate(
                Long.parseLong(Objects.requireNonNull(file.metadata().get(TowerVerification.SEED_KEY), "the seed")),
                Integer.parseInt(Objects.requireNonNull(file.metadata().get(TowerVerification.FLOORS_KEY), "the floors"))));
        int start = random.nextInt(route.length());
        for (int k = 0; k < route.length(); k++) {
            int at = (start + k) % route.length();
            int code = route.get(at).code();
            if (!TowerCodes.isMove(code) || !route.get(at).params().isEmpty()) {
                continue;
            }
            route.set(at, (code + 2) % 4); // the opposite direction
            if (caughtByHash(route, game)) {
                return new Entry(id + "desync-move-at-" + at, rewrite(file, route), Outcome.DESYNC);
            }
            route.set(at, code);
        }
        // No move change shows (a very short route): change a hash instead.
        return tamperedHash(id, file, random);
    }

    /**
     * Tells whether replaying {@code route} from the tower's start meets a state-hash step whose hash
     * differs before any input breaks a rule: what playback reports as a desync.
     */
    private static boolean caughtByHash(ReplayArray route, TowerGame game) {
        game.reset(game.initialState());
        List<RecordedInput> segment = new ArrayList<>();
        for (int i = 0; i < route.length(); i++) {
            ReplayStep step = route.get(i);
            if (step.code() != TowerCommands.STATE_HASH) {
                segment.add(new RecordedInput(step.code(), step.params()));
                continue;
            }
            try {
                // A hash step closes the window of moves before it, as the end of a segment does.
                TowerReplayer.replay(game, segment);
            } catch (TowerRuleException | TowerInputException e) {
                return false; // playback would fail at that input: not a desync
            }
            segment.clear();
            if (game.state().stateHash() != ((Number) step.param(0)).longValue()) {
                return true;
            }
        }
        return false;
    }

    private static ReplayArray route(ReplayFile file) {
        ReplayArray route = new ReplayArray();
        route.loadState(file.save());
        return route;
    }

    private static byte[] rewrite(ReplayFile file, ReplayArray route) {
        return ReplayFile.builder(route.saveState()).gameId(file.gameId()).gameBuild(file.gameBuild())
                .metadata(file.metadata()).dictionary(file.dictionary()).compression(file.compression())
                .build().toBytes();
    }
}

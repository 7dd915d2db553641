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

import dev.reprise.ReplaySystem;
import dev.reprise.playback.ReplayResetter;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplayArray;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;

/**
 * A fresh game for one replay, as a {@link ReplayVerifier} needs it: a {@link ReplaySystem} with the
 * game's commands registered, how to reset the game and play a route on it, and optionally a hash of its
 * state. Created by a {@link GameFactory} for each replay and never shared between replays, so it need
 * not be thread-safe: the verifier calls it from one thread at a time.
 *
 * <p>Playback is headless: nobody watches, so each passive step's recorded answer is applied by its own
 * command, a {@link dev.reprise.command.ReplayCommand#passive(java.util.function.Consumer)} whose
 * {@code apply} playback calls right after the active step it answers — unless that active step's command
 * took the answer itself through {@link dev.reprise.command.PlaybackContext#nextPassive()}. A code
 * registered with {@link dev.reprise.command.ReplayCommand#passive()} (no {@code apply}) that no command
 * takes is skipped. A verifier plays as fast as the config lets it, so leave pacing out. To catch desyncs
 * inside the route, register
 * a {@link dev.reprise.desync.StateHashCheck} under the code the recording's
 * {@link dev.reprise.desync.StateHashRecorder} used.
 */
public interface VerifiableGame {

    /**
     * Returns the system that plays this game's routes: the game's commands registered, the route empty.
     * The verifier loads the file's route into it and creates the sandbox on it.
     *
     * @return the same system on every call
     */
    ReplaySystem system();

    /**
     * Returns how to play {@code route} on this game: the resetter that puts the game into the state the
     * route starts from, the save it restores, and any other playback option. The verifier creates the
     * sandbox with it right away, which resets the game.
     *
     * @param route the route to play: {@code system().array()}, holding the file's route
     * @return the config; its step interval should be zero (a verifier does not wait between steps)
     */
    SandboxConfig<?> sandbox(ReplayArray route);

    /**
     * Returns a 64-bit hash of the game's current state, compared with the hash the file claims when the
     * verifier has a {@linkplain ReplayVerifier.Builder#finalHashKey final-hash key}.
     *
     * @return the hash, or empty if the game has none (the default)
     */
    default OptionalLong stateHash() {
        return OptionalLong.empty();
    }

    /**
     * Returns the game's state by field name, for telling where two runs of a route part ({@link Lockstep}):
     * what a save game holds, such as {@code gold}, {@code hero} (a nested map) or {@code stock} (a list).
     * Values are numbers, strings, booleans, and nested maps and lists of them; a record is compared as the
     * map of its components, an enum by its name, any other value by its {@code toString()}. Two runs are
     * compared field by field, and a difference is named by its path: {@code hero.gold}, {@code stock[2]}.
     *
     * <p>Called on the thread that plays the game, after a step settled, never while a command runs. It
     * should build a fresh map each time (the comparison does not keep it past the step).
     *
     * @return the state by field name; empty (the default) means the game does not describe its state
     */
    default Map<String, ?> describeState() {
        return Map.of();
    }

    /**
     * Returns a game made of its parts: a system, a resetter that rewinds the game (to its initial state:
     * the verifier passes no save) and an optional state hash.
     *
     * @param system    the system with the game's commands registered and an empty route
     * @param resetter   resets the game before playback; called with a {@code null} save
     * @param stateHash the game's state hash, or {@code null} for none
     * @param <S>       the resetter's save type
     * @return the game
     */
    static <S> VerifiableGame of(ReplaySystem system, ReplayResetter<S> resetter, @Nullable LongSupplier stateHash) {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(resetter, "resetter");
        return new VerifiableGame() {
            @Override
            public ReplaySystem system() {
                return system;
            }

            @Override
            public SandboxConfig<?> sandbox(ReplayArray route) {
                return SandboxConfig.builder(route, resetter).build();
            }

            @Override
            public OptionalLong stateHash() {
                return stateHash == null ? OptionalLong.empty() : OptionalLong.of(stateHash.getAsLong());
            }

            @Override
            public String toString() {
                return "VerifiableGame[" + system + "]";
            }
        };
    }
}

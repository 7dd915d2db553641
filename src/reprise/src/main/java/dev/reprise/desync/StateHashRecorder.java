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
package dev.reprise.desync;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommandType;
import dev.reprise.internal.Require;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * The recording side of desync detection: records the player's inputs into a {@link ReplaySystem} and,
 * every {@code interval} steps and on demand, a step carrying a 64-bit hash of the game's state, so
 * that a {@link StateHashCheck} can tell where a replay stops matching the game.
 *
 * <p>Use {@link #record(int, Object...)} in place of {@code ReplaySystem.record} for the inputs, called
 * <em>before</em> the game applies the input (the way games record). A due hash step is inserted just
 * before the next active input, so it hashes the state after every earlier input and never splits a
 * group: passive codes — those registered on the system with a passive command — never get a hash step
 * in front of them. The hash step's code and the hash function are the game's: register a
 * {@link StateHashCheck} of the same function under that code for playback.
 *
 * <p>Not thread-safe, like the route it writes: one game loop records.
 */
public final class StateHashRecorder {

    private final ReplaySystem system;
    private final int hashStepCode;
    private final int interval;
    private final LongSupplier stateHash;
    private int sinceHash;

    /**
     * Creates a recorder.
     *
     * @param system    the system recording the route
     * @param hashStepCode  the code of the hash steps, within the route's width, used by no other command
     * @param interval  how many steps at least lie between two automatic hash steps, at least 1
     * @param stateHash the game's 64-bit hash of its current state
     * @throws IllegalArgumentException if {@code interval} is below 1
     */
    public StateHashRecorder(ReplaySystem system, int hashStepCode, int interval, LongSupplier stateHash) {
        Require.atLeastOne(interval, "interval", "step");
        this.system = Objects.requireNonNull(system, "system");
        this.hashStepCode = hashStepCode;
        this.interval = interval;
        this.stateHash = Objects.requireNonNull(stateHash, "stateHash");
    }

    /**
     * Records one input, preceded by a hash step of the current state if one is due and the input is
     * active. Call it before the game applies the input.
     *
     * @param code   the input's code
     * @param params its params, as {@link ReplaySystem#record(int, Object...)} takes them
     */
    public void record(int code, Object... params) {
        if (sinceHash >= interval && !isPassive(code)) {
            recordHash();
        }
        system.record(code, params);
        sinceHash++;
    }

    /**
     * Records a hash step of the current state now, e.g. at the end of a recording or a level. Call it
     * at a group boundary (not between an active input and its passive inputs).
     */
    public void recordHash() {
        system.record(hashStepCode, stateHash.getAsLong());
        sinceHash = 0;
    }

    private boolean isPassive(int code) {
        return system.command(code).map(command -> command.type() == ReplayCommandType.PASSIVE).orElse(false);
    }
}

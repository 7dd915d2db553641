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
package dev.reprise.test;

import dev.reprise.playback.PassiveStep;
import dev.reprise.playback.PlaybackState;
import dev.reprise.playback.PlaybackStep;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.playback.SandboxConfig;
import java.time.Duration;

/**
 * Says what a playback waits on when a {@link PlaybackStepVerifier} script waited in vain: its state, how far
 * it got, and the first thing that holds it — a passive answer, a command's answer, a pause, demand, or
 * the time of the next step.
 */
final class PlaybackWait {

    private PlaybackWait() {
    }

    /**
     * Describes what {@code sandbox} is doing, read from any thread (a snapshot, not atomic).
     *
     * @return e.g. {@code playback is PLAYING, 2 of 5 steps replayed, waiting for the next step's time ...}
     */
    static String describe(ReplaySandbox sandbox, WindowSteps demand, StepNames names, boolean virtualTime) {
        PlaybackState state = sandbox.state();
        SandboxConfig<?> config = sandbox.config();
        String where = "playback is " + state + ", " + sandbox.replayed() + " of " + config.array().length()
                + " steps replayed";
        if (state.isTerminal()) {
            return where + ": it has ended";
        }
        return where + ", waiting for " + cause(sandbox, config, demand, names, virtualTime);
    }

    private static String cause(ReplaySandbox sandbox, SandboxConfig<?> config, WindowSteps demand, StepNames names,
                                boolean virtualTime) {
        PassiveStep passive = sandbox.passive();
        if (passive != null) {
            return "a passive answer: " + names.step(passive) + " is pending (answer it with answer(result) after "
                    + "its expectPassive, or let its command take it)";
        }
        PlaybackStep last = demand.lastDelivered();
        if (last != null && !last.isSettled()) {
            return names.step(last) + " to settle: its command has not answered"
                    + (virtualTime ? " (if it answers on the virtual clock, move the clock: thenAwait or "
                    + "expectActive(code, executionTime))" : "");
        }
        PlaybackState state = sandbox.state();
        if (state == PlaybackState.PAUSED || state == PlaybackState.READY) {
            return "play(): the sandbox is " + state;
        }
        if (!demand.asked()) {
            return "demand: the script has asked for no further step";
        }
        String clock = virtualTime ? "; the virtual clock moves only with thenAwait and expectNoStep" : "";
        if (config.clock().isPresent()) {
            return "a clock tick: the next step goes on the config's clock" + clock;
        }
        Duration interval = config.stepInterval();
        if (!interval.isZero()) {
            return "the next step's time: a step every " + interval + " at speed " + sandbox.speed() + clock;
        }
        return "the engine or the game's thread to dispatch the next step";
    }
}

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
package dev.reprise.playback;

import dev.reprise.command.PassiveHandle;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandType;
import dev.reprise.route.ReplayCursor;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.jspecify.annotations.Nullable;
import reactor.core.Disposable;
import reactor.core.scheduler.Scheduler;

/**
 * The group in flight: its active step, the passive handles after it, how many of them were emitted,
 * whether the active step's result is in, and the passive grace timer. Drain-owned except
 * {@link #offered}, which commands and the sandbox read from any thread.
 */
final class PassiveGroup {

    static final PassiveStep[] NONE = new PassiveStep[0];

    private final Scheduler scheduler;
    private final long graceNanos;
    private final Runnable wake;
    @Nullable
    ActiveStep active;
    PassiveStep[] passives = NONE;
    int emitted;
    boolean activeIn;
    /** The handles of the group in flight, for {@link #passive()} and the context. */
    private volatile PassiveStep[] offered = NONE;
    @Nullable
    private Disposable graceTimer;
    private long graceDue;

    PassiveGroup(Scheduler scheduler, long graceNanos, Runnable wake) {
        this.scheduler = scheduler;
        this.graceNanos = graceNanos;
        this.wake = wake;
    }

    /**
     * Reads the passive steps that follow the active step just read, leaving the cursor on the next
     * group's first step.
     *
     * @return the handles, and whether the cursor stands on a next step
     */
    static PassiveStep[] read(ReplayCursor cursor, IntFunction<? extends ReplayCommand> commands,
                              PlaybackEngine engine, boolean[] hasHead) {
        PassiveStep[] handles = NONE;
        int count = 0;
        hasHead[0] = false;
        while (cursor.next()) {
            ReplayCommand command = commands.apply(cursor.code());
            if (command == null || command.type() != ReplayCommandType.PASSIVE) {
                hasHead[0] = true;
                break;
            }
            if (count == handles.length) {
                handles = Arrays.copyOf(handles, Math.max(2, count * 2));
            }
            handles[count++] = new PassiveStep(cursor.step(), command, engine);
        }
        return count == handles.length ? handles : Arrays.copyOf(handles, count);
    }

    void start(ActiveStep step, PassiveStep[] handles) {
        active = step;
        passives = handles;
        activeIn = false;
        emitted = 0;
        if (handles.length > 0) {
            offered = handles;
        }
    }

    /** Ends the group: it settled. */
    void clear() {
        active = null;
        if (passives.length > 0) {
            passives = NONE;
            offered = NONE;
        }
    }

    /** Settles every step still pending as {@code IGNORED}: playback terminated. */
    void abandon() {
        if (graceTimer != null) {
            graceTimer.dispose();
            graceTimer = null;
        }
        if (active != null) {
            active.settle(dev.reprise.command.ReplayCommandResult.IGNORED);
            active = null;
        }
        for (PassiveStep handle : passives) {
            handle.abandon();
        }
        passives = NONE;
        offered = NONE;
    }

    /** @return the oldest unsettled handle of the group in flight, or {@code null}; any thread */
    @Nullable
    PassiveStep passive() {
        for (PassiveStep handle : offered) {
            if (!handle.isSettled()) {
                return handle;
            }
        }
        return null;
    }

    /**
     * Hands the group's handles to its active command ({@link dev.reprise.command.PlaybackContext#passiveSteps()}),
     * marking each taken by it; any thread.
     *
     * @return the handles as the context shows them
     */
    List<PassiveHandle> handOut() {
        PassiveStep[] handles = offered;
        for (PassiveStep handle : handles) {
            handle.takenByCommand = true;
        }
        return List.of(handles);
    }

    /**
     * Tells whether a pending handle's grace has run out, starting its clock on the first call and
     * making sure a timer wakes the drain when it runs out.
     */
    boolean graceOver(PassiveStep handle) {
        if (graceNanos == 0) {
            return true;
        }
        long now = scheduler.now(TimeUnit.NANOSECONDS);
        if (handle.graceDeadline == 0) {
            handle.graceDeadline = now + graceNanos;
        }
        long deadline = handle.graceDeadline;
        if (now >= deadline) {
            return true;
        }
        if (graceTimer == null || graceDue <= now || deadline < graceDue) {
            if (graceTimer != null) {
                graceTimer.dispose();
            }
            graceDue = deadline;
            graceTimer = scheduler.schedule(wake, deadline - now, TimeUnit.NANOSECONDS);
        }
        return false;
    }
}

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
package dev.reprise.edit;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommandType;
import dev.reprise.route.ReplayArray;

/**
 * Where a route's groups and finalize windows start, as playback sees them: a group is an active step
 * and the passive steps right after it (passive steps before any active one are groups alone), and a
 * window is a run of active steps of one code. A seek lands at a group boundary; a state is kept only at a
 * <em>closed</em> one, where no window is open once the one before was finalized. Codes are looked up in
 * the system as the steps are read (an unregistered code counts as active: playback fails there anyway).
 */
final class Groups {

    private final ReplaySystem system;
    private final ReplayArray route;

    Groups(ReplaySystem system) {
        this.system = system;
        this.route = system.array();
    }

    /**
     * Returns where a seek to {@code target} lands: the first group boundary at or after it (a target
     * inside a group lands after the group, as {@code ReplaySandbox.seek} does).
     */
    int landing(int target) {
        int length = route.length();
        if (target == 0 || target >= length || !passive(target) || lastActiveBefore(target) < 0) {
            return target;
        }
        int end = target;
        while (end < length && passive(end)) {
            end++;
        }
        return end;
    }

    /**
     * Tells whether the group boundary {@code at} is closed: the route's start or end, or an active step
     * of another code than the window open before it (or with none open).
     */
    boolean closed(int at) {
        if (at == 0 || at >= route.length()) {
            return true;
        }
        int active = lastActiveBefore(at);
        if (active < 0) {
            return true;
        }
        int code = route.get(at).code();
        return !passive(at) && code != route.get(active).code();
    }

    private int lastActiveBefore(int step) {
        int i = step - 1;
        while (i >= 0 && passive(i)) {
            i--;
        }
        return i;
    }

    private boolean passive(int step) {
        return system.command(route.get(step).code())
                .map(command -> command.type() == ReplayCommandType.PASSIVE)
                .orElse(false);
    }
}

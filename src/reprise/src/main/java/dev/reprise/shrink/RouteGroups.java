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
package dev.reprise.shrink;

import dev.reprise.route.CommandWidth;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayArrayConfig;
import dev.reprise.route.ReplayReadStream;
import dev.reprise.route.ReplaySave;
import dev.reprise.route.ReplayStep;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * A route cut into the groups a shrink removes or keeps whole: an active step with the passive steps
 * after it (a passive step with no active step before it is a group alone). Builds the route of any
 * selection of groups by copying their encoded bytes, so a try costs a copy, not a re-encoding.
 *
 * <p>Groups are numbered 0.. in route order; a selection is an ascending array of group numbers.
 * Immutable once built.
 */
final class RouteGroups {

    private final CommandWidth width;
    private final List<ReplayStep> steps;
    /** Group g holds the steps {@code start[g] .. start[g + 1] - 1}; one entry more than there are groups. */
    private final int[] start;
    /** Whether group g is a state-hash step. */
    private final boolean[] hash;
    private final byte[] commands;
    private final byte[] params;
    /** The params of step i are {@code params[paramStart[i] .. paramStart[i + 1] - 1]}. */
    private final int[] paramStart;

    private RouteGroups(CommandWidth width, List<ReplayStep> steps, int[] start, boolean[] hash, byte[] commands,
                        byte[] params, int[] paramStart) {
        this.width = width;
        this.steps = steps;
        this.start = start;
        this.hash = hash;
        this.commands = commands;
        this.params = params;
        this.paramStart = paramStart;
    }

    /**
     * Groups a route.
     *
     * @param save    the route
     * @param passive tells the codes of passive commands (the game's)
     * @param hashes  tells the codes of state-hash checks (the game's)
     * @return the route's groups
     */
    static RouteGroups of(ReplaySave save, IntPredicate passive, IntPredicate hashes) {
        ReplayArray source = array(save.length(), save.commandWidth());
        source.loadState(save);
        List<ReplayStep> steps = new ArrayList<>(save.length());
        ReplayReadStream read = source.createReadStream();
        for (ReplayStep step = read.read(); step != null; step = read.read()) {
            steps.add(step);
        }
        // Encoded again step by step, to learn where each step's params start.
        ReplayArray encoded = array(steps.size(), save.commandWidth());
        int[] paramStart = new int[steps.size() + 1];
        List<Integer> starts = new ArrayList<>();
        List<Boolean> hashGroups = new ArrayList<>();
        boolean activeSeen = false;
        for (int i = 0; i < steps.size(); i++) {
            ReplayStep step = steps.get(i);
            encoded.add(step.code(), params(step));
            paramStart[i + 1] = encoded.paramByteCount();
            boolean isPassive = passive.test(step.code());
            // Passive steps belong to the active step before them; before the first one, each is alone.
            if (!isPassive || !activeSeen) {
                starts.add(i);
                hashGroups.add(!isPassive && hashes.test(step.code()));
            }
            activeSeen |= !isPassive;
        }
        ReplaySave reencoded = encoded.saveState();
        int[] start = new int[starts.size() + 1];
        boolean[] hash = new boolean[starts.size()];
        for (int g = 0; g < starts.size(); g++) {
            start[g] = starts.get(g);
            hash[g] = hashGroups.get(g);
        }
        start[starts.size()] = steps.size();
        return new RouteGroups(save.commandWidth(), List.copyOf(steps), start, hash, reencoded.commandBytes(),
                reencoded.paramBytes(), paramStart);
    }

    /** @return the number of groups */
    int groups() {
        return hash.length;
    }

    /** @return the number of steps */
    int steps() {
        return steps.size();
    }

    /** @return whether group {@code g} is a state-hash step */
    boolean isHash(int g) {
        return hash[g];
    }

    /** @return the index of group {@code g}'s first step in the whole route */
    int firstStep(int g) {
        return start[g];
    }

    /** @return the number of steps of group {@code g} */
    int size(int g) {
        return start[g + 1] - start[g];
    }

    /** @return the number of steps of a selection */
    int steps(int[] selection) {
        int total = 0;
        for (int g : selection) {
            total += size(g);
        }
        return total;
    }

    /**
     * Returns the groups that hold the first {@code count} steps and the rest of the group of the last of
     * them: the shortest prefix of whole groups with at least that many steps.
     *
     * @param count 0..{@link #steps()}
     * @return the number of groups of that prefix
     */
    int groupsCovering(int count) {
        int g = 0;
        while (g < groups() && start[g] < count) {
            g++;
        }
        return g;
    }

    /** @return the selection of the first {@code count} groups */
    static int[] first(int count) {
        int[] selection = new int[count];
        for (int g = 0; g < count; g++) {
            selection[g] = g;
        }
        return selection;
    }

    /**
     * Returns the route of a selection, its steps' bytes copied as they are.
     *
     * @param selection ascending group numbers
     * @return the route, with buffers of its own
     */
    ReplaySave save(int[] selection) {
        int entry = width.entrySize();
        int stepCount = 0;
        int paramBytes = 0;
        for (int g : selection) {
            stepCount += size(g);
            paramBytes += paramStart[start[g + 1]] - paramStart[start[g]];
        }
        byte[] command = new byte[stepCount * entry];
        byte[] param = new byte[paramBytes];
        int c = 0;
        int p = 0;
        for (int g : selection) {
            int from = start[g];
            int to = start[g + 1];
            System.arraycopy(commands, from * entry, command, c, (to - from) * entry);
            c += (to - from) * entry;
            int bytes = paramStart[to] - paramStart[from];
            System.arraycopy(params, paramStart[from], param, p, bytes);
            p += bytes;
        }
        return new ReplaySave(stepCount, width, ByteBuffer.wrap(command), ByteBuffer.wrap(param));
    }

    /**
     * Returns the route of a selection with some state-hash steps carrying other hashes.
     *
     * @param selection ascending group numbers
     * @param hashes    the hash of each state-hash step to change, by its index in the selection's route
     * @return the route
     */
    ReplaySave save(int[] selection, Map<Integer, Long> hashes) {
        ReplayArray route = array(steps(selection), width);
        for (int g : selection) {
            for (int i = start[g]; i < start[g + 1]; i++) {
                ReplayStep step = steps.get(i);
                Long fresh = hashes.get(route.length());
                if (fresh != null) {
                    route.add(step.code(), fresh.longValue());
                } else {
                    route.add(step.code(), params(step));
                }
            }
        }
        return route.saveState().detach();
    }

    private static Object[] params(ReplayStep step) {
        Object[] params = new Object[step.paramCount()];
        for (int i = 0; i < params.length; i++) {
            params[i] = step.param(i);
        }
        return params;
    }

    private static ReplayArray array(int steps, CommandWidth width) {
        return new ReplayArray(ReplayArrayConfig.builder().initCommandLength(Math.max(1, steps))
                .commandMaxLength(ReplayArrayConfig.MAX_STEPS_LIMIT).paramMaxLength(ReplayArrayConfig.MAX_PARAM_BYTES_LIMIT)
                .commandWidth(width).build());
    }
}

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
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplaySave;
import dev.reprise.route.ReplayStep;
import java.util.Map;
import java.util.NavigableMap;
import org.jspecify.annotations.Nullable;

/**
 * One change an editor can undo: applying it returns the change that undoes it, so the undo and redo
 * stacks hold nothing but changes. Steps' params are stored as a route reads them back, which writes
 * the same bytes again (the route always picks the smallest tag).
 */
sealed interface Change {

    /** A saved branch: its route, the view of its kept states and its stale state-hash steps. */
    record Branch(ReplaySave route, NavigableMap<Integer, KeptStates.Key> view, StaleHashes stale) {
    }

    /** @return the first step whose kept states the change may make wrong; {@code Integer.MAX_VALUE} for none */
    int from();

    /**
     * @return the first step whose state-hash step the change may make stale: the step after the one
     *         written for a set or insert (a hash the user writes is theirs), the step now at the deleted
     *         one's place for a delete
     */
    default int staleFrom() {
        return from() == Integer.MAX_VALUE ? Integer.MAX_VALUE : from() + 1;
    }

    /**
     * Applies the change to the route in {@code system} and to {@code branches}.
     *
     * @return the change that undoes this one
     */
    Change apply(ReplaySystem system, Map<String, Branch> branches);

    /** Replaces the step at {@code step.index()} with {@code step}'s code and params. */
    record SetStep(ReplayStep step) implements Change {
        @Override
        public int from() {
            return step.index();
        }

        @Override
        public Change apply(ReplaySystem system, Map<String, Branch> branches) {
            ReplayArray route = system.array();
            ReplayStep old = route.get(step.index());
            route.set(step.index(), step.code(), step.params().toArray(new Object[0]));
            return new SetStep(old);
        }
    }

    /** Inserts {@code step} before the step at its index. */
    record InsertStep(ReplayStep step) implements Change {
        @Override
        public int from() {
            return step.index();
        }

        @Override
        public Change apply(ReplaySystem system, Map<String, Branch> branches) {
            system.array().insert(step.index(), step.code(), step.params().toArray(new Object[0]));
            return new DeleteStep(step.index());
        }
    }

    /** Deletes the step at {@code index}. */
    record DeleteStep(int index) implements Change {
        @Override
        public int from() {
            return index;
        }

        @Override
        public int staleFrom() {
            return index;
        }

        @Override
        public Change apply(ReplaySystem system, Map<String, Branch> branches) {
            ReplayArray route = system.array();
            ReplayStep old = route.get(index);
            route.delete(index);
            return new InsertStep(old);
        }
    }

    /** Replaces the whole route (restoring a branch, or undoing that). */
    record ReplaceRoute(ReplaySave route) implements Change {
        @Override
        public int from() {
            return 0;
        }

        @Override
        public Change apply(ReplaySystem system, Map<String, Branch> branches) {
            ReplaySave before = system.saveState().detach();
            system.loadState(route);
            return new ReplaceRoute(before);
        }
    }

    /** Saves a branch under {@code name}, or removes it when {@code branch} is {@code null}. */
    record PutBranch(String name, @Nullable Branch branch) implements Change {
        @Override
        public int from() {
            return Integer.MAX_VALUE;
        }

        @Override
        public Change apply(ReplaySystem system, Map<String, Branch> branches) {
            Branch before = branch == null ? branches.remove(name) : branches.put(name, branch);
            return new PutBranch(name, before);
        }
    }
}

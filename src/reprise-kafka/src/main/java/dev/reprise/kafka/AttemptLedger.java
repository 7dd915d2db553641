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
package dev.reprise.kafka;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.jspecify.annotations.Nullable;

/**
 * Which submissions were in work when a worker died, and how often: so that a submission that kills its
 * worker (an allocation the JVM cannot survive, a crash in native code) gets a {@code FAILED} verdict after
 * {@code maxAttempts} deaths instead of killing every worker of the group in turn, as a queue's maximum
 * receive count sends a message to its dead-letter queue.
 *
 * <p>The ledger lives in the metadata of each partition's committed offset, written in the same
 * transactions as the verdicts, so it needs no topic of its own and moves with the partition:
 * <ul>
 * <li>{@code o=ID}: the worker incarnation (one process's life of a worker) that wrote it.</li>
 * <li>{@code w=W}: the writer may have started any submission up to offset {@code W}. A submission
 *     starts only once a committed transaction has recorded a window that covers it; the window reaches a
 *     little past what was delivered ({@code lookahead}), so that recording it rarely holds one up.</li>
 * <li>{@code s=S@ID}: the submissions up to offset {@code S} were in work, or about to be, when
 *     incarnation {@code ID} stopped without an orderly end ({@code *} if several did): a reader turns a
 *     writer's window into this. Each such submission counts one death, except for {@code ID} itself
 *     reading it back: a run that failed with a Kafka error did not die, and its process knows it.</li>
 * <li>{@code r=X}: submission {@code X}, a suspect, is being verified alone in the writer's worker
 *     (nothing else is in work there): if the writer stopped without an orderly end, {@code X} counts one
 *     more death, pinned on it alone.</li>
 * <li>{@code d=X:N}: submission {@code X} was alone in work when {@code N} workers died.</li>
 * </ul>
 * An orderly stop or revocation writes the metadata without {@code w} and {@code r}. Suspects are verified
 * one at a time, each alone in its worker, so that a death is pinned on the one in work; a suspect with
 * {@code maxAttempts} deaths is not tried again. A poison submission thus kills a worker once among
 * others, once alone, and then gets its {@code FAILED} verdict (with the default of two attempts).

 * <p>Not thread-safe: the worker's polling thread only.
 */
final class AttemptLedger {

    /** Marks metadata as this ledger's: other metadata (another tool's, none) means no suspects. */
    static final String FORMAT = "reprise-attempts/1";
    /** The origin of suspects that several incarnations left: they count a death for every reader. */
    private static final String ANY = "*";

    private final String incarnation;
    private final int lookahead;
    private final Map<TopicPartition, State> partitions = new HashMap<>();

    /**
     * Creates an empty ledger.
     *
     * @param incarnation this worker's id for this process's life: letters and digits only
     * @param lookahead how far past the last delivered offset a recorded window reaches
     */
    AttemptLedger(String incarnation, int lookahead) {
        this.incarnation = incarnation;
        this.lookahead = lookahead;
    }

    /** Returns whether the partition's committed metadata has been read since it was assigned. */
    boolean known(TopicPartition partition) {
        State state = partitions.get(partition);
        return state != null && state.loaded;
    }

    /**
     * Reads what the partition's committed offset says about earlier owners.
     *
     * @param committed the group's committed offset and metadata, or {@code null} if none is committed
     */
    void load(TopicPartition partition, @Nullable OffsetAndMetadata committed) {
        State state = state(partition);
        state.loaded = true;
        state.committed = committed == null ? state.firstDelivered : committed.offset();
        Fields fields = committed == null ? null : Fields.parse(committed.metadata());
        if (fields == null) {
            return;
        }
        boolean mine = incarnation.equals(fields.owner);
        state.suspects = fields.suspects;
        state.origin = fields.origin;
        if (fields.window >= 0 && !mine) {
            // The writer stopped without an orderly end, with what its window covers possibly in work.
            state.origin = state.suspects < 0 || state.origin.equals(fields.owner) ? fields.owner : ANY;
            state.suspects = Math.max(state.suspects, fields.window);
        }
        state.aloneOffset = fields.aloneOffset;
        state.aloneDeaths = fields.aloneDeaths;
        if (fields.alone >= 0 && !mine) {
            // ... and with this suspect alone in its work: one more death, pinned on it.
            state.aloneDeaths = fields.alone == fields.aloneOffset ? fields.aloneDeaths + 1 : 1;
            state.aloneOffset = fields.alone;
        }
    }

    /** Records that a submission was delivered (before it is tracked for release). */
    void delivered(TopicPartition partition, long offset) {
        State state = state(partition);
        if (state.firstDelivered < 0) {
            state.firstDelivered = offset;
            if (state.loaded && state.committed < 0) {
                state.committed = offset; // nothing was committed: the group starts here
            }
        }
        state.lastDelivered = Math.max(state.lastDelivered, offset);
    }

    /**
     * Returns how many worker deaths the submission was in work for.
     *
     * @return 0 for a submission no dead worker had in work; 1 or more for a suspect
     */
    int deaths(TopicPartition partition, long offset) {
        State state = partitions.get(partition);
        if (state == null || offset < state.committed) {
            return 0;
        }
        int amongOthers = offset <= state.suspects && !state.origin.equals(incarnation) ? 1 : 0;
        return amongOthers + (offset == state.aloneOffset ? state.aloneDeaths : 0);
    }

    /** Returns the group's committed offset of the partition as this run knows it, or -1. */
    long committedOffset(TopicPartition partition) {
        State state = partitions.get(partition);
        return state == null || !state.loaded ? -1 : state.committed;
    }

    /** Returns whether a committed window lets this submission start. */
    boolean covered(TopicPartition partition, long offset) {
        State state = partitions.get(partition);
        return state != null && offset <= state.window;
    }

    /** Asks the next commit to record a window that covers what was delivered. */
    void wantWindow(TopicPartition partition) {
        state(partition).wantWindow = true;
    }

    /** Returns whether the submission's attempt alone is recorded: it may start. */
    boolean aloneRecorded(TopicPartition partition, long offset) {
        State state = partitions.get(partition);
        return state != null && state.alone == offset;
    }

    /** Asks the next commit to record that this suspect is about to be verified alone. */
    void wantAlone(TopicPartition partition, long offset) {
        state(partition).wantAlone = offset;
    }

    /** Returns whether a submission waits for the next commit to record its window or attempt. */
    boolean wantsCommit() {
        for (State state : partitions.values()) {
            if (state.wantWindow || state.wantAlone >= 0) {
                return true;
            }
        }
        return false;
    }

    /** Returns the partitions whose committed metadata must be read before their submissions may start. */
    Set<TopicPartition> unknown() {
        Map<TopicPartition, State> unknown = new LinkedHashMap<>(partitions);
        unknown.values().removeIf(state -> state.loaded);
        return unknown.keySet();
    }

    /**
     * Returns the offsets to commit, with this ledger's metadata: those of the verdicts ready
     * ({@code advancing}), and the current offset of each partition whose window or attempt must be
     * recorded, or whose record must be cleaned ({@code cleaning}, on an orderly revocation or stop). A
     * partition whose metadata was never read is committed without metadata.
     *
     * @param advancing the offsets the ready verdicts move to
     * @param cleaning partitions given up in order: their window and attempt are left out
     */
    Map<TopicPartition, OffsetAndMetadata> offsets(Map<TopicPartition, OffsetAndMetadata> advancing,
            Collection<TopicPartition> cleaning) {
        Map<TopicPartition, OffsetAndMetadata> offsets = new LinkedHashMap<>();
        advancing.forEach((partition, offset) -> offsets.put(partition, withMetadata(partition, offset.offset(),
                cleaning.contains(partition))));
        partitions.forEach((partition, state) -> {
            if (offsets.containsKey(partition) || !state.loaded || state.committed < 0) {
                return;
            }
            boolean clean = cleaning.contains(partition);
            boolean nearEnd = state.lastDelivered >= 0 && state.lastDelivered + lookahead / 2 > state.window;
            if (clean ? state.window >= 0 || state.alone >= 0
                    : state.wantWindow || state.wantAlone >= 0 || nearEnd && state.window >= 0) {
                offsets.put(partition, withMetadata(partition, state.committed, clean));
            }
        });
        return offsets;
    }

    private OffsetAndMetadata withMetadata(TopicPartition partition, long offset, boolean clean) {
        State state = partitions.get(partition);
        if (state == null || !state.loaded) {
            return new OffsetAndMetadata(offset);
        }
        StringBuilder text = new StringBuilder(FORMAT).append(";o=").append(incarnation);
        if (state.suspects >= offset) {
            text.append(";s=").append(state.suspects).append('@').append(state.origin);
        }
        if (state.aloneOffset >= offset && state.aloneDeaths > 0) {
            text.append(";d=").append(state.aloneOffset).append(':').append(state.aloneDeaths);
        }
        if (!clean) {
            text.append(";w=").append(window(state));
            long alone = state.wantAlone >= 0 ? state.wantAlone : state.alone;
            if (alone >= offset) {
                text.append(";r=").append(alone);
            }
        }
        return new OffsetAndMetadata(offset, text.toString());
    }

    /** The window a commit records now: the one recorded, or a poll past the last delivered offset. */
    private long window(State state) {
        return Math.max(state.window, state.lastDelivered + lookahead);
    }

    /** Takes in what a transaction that committed wrote. */
    void committed(Map<TopicPartition, OffsetAndMetadata> offsets) {
        offsets.forEach((partition, offset) -> {
            State state = partitions.get(partition);
            if (state == null || !state.loaded) {
                return;
            }
            state.committed = offset.offset();
            Fields fields = Fields.parse(offset.metadata());
            state.window = fields == null ? -1 : fields.window;
            state.alone = fields == null || fields.window < 0 ? -1 : fields.alone;
            if (state.alone >= 0 && state.alone == state.wantAlone) {
                state.wantAlone = -1;
            }
            if (state.wantAlone >= 0 && state.wantAlone < state.committed) {
                state.wantAlone = -1;
            }
            state.wantWindow = false;
            if (state.suspects < state.committed) {
                state.suspects = -1;
            }
            if (state.aloneOffset < state.committed) {
                state.aloneOffset = -1;
                state.aloneDeaths = 0;
            }
        });
    }

    /** Forgets partitions taken away: their next owner reads their metadata afresh. */
    void forget(Collection<TopicPartition> gone) {
        partitions.keySet().removeAll(gone);
    }

    /** Returns the partitions this ledger knows. */
    Set<TopicPartition> partitions() {
        return Set.copyOf(partitions.keySet());
    }

    private State state(TopicPartition partition) {
        return partitions.computeIfAbsent(partition, p -> new State());
    }

    /** What the ledger knows of one partition. */
    private static final class State {
        boolean loaded;
        /** The group's committed offset, as this run knows it; -1 before anything is known. */
        long committed = -1;
        long firstDelivered = -1;
        long lastDelivered = -1;
        /** Submissions up to this offset count a death each (but for their origin); -1 for none. */
        long suspects = -1;
        /** The incarnation whose stop made them suspects, or {@link #ANY}. */
        String origin = ANY;
        /** The one suspect that died alone in work, and how often. */
        long aloneOffset = -1;
        int aloneDeaths;
        /** The window the last committed transaction recorded; -1 for none. */
        long window = -1;
        boolean wantWindow;
        /** The suspect whose attempt alone the last committed transaction recorded; -1 for none. */
        long alone = -1;
        long wantAlone = -1;
    }

    /** The fields of one partition's metadata, as written by {@link #withMetadata}. */
    private record Fields(String owner, long suspects, String origin, long window, long alone, long aloneOffset,
            int aloneDeaths) {

        /** Parses metadata this ledger wrote; {@code null} for any other (absent, another tool's, damaged). */
        static @Nullable Fields parse(@Nullable String metadata) {
            if (metadata == null || !metadata.startsWith(FORMAT + ";")) {
                return null;
            }
            String owner = "";
            long suspects = -1;
            String origin = ANY;
            long window = -1;
            long alone = -1;
            long aloneOffset = -1;
            int aloneDeaths = 0;
            try {
                for (String field : metadata.substring(FORMAT.length() + 1).split(";")) {
                    int eq = field.indexOf('=');
                    String value = field.substring(eq + 1);
                    switch (field.substring(0, Math.max(eq, 0))) {
                        case "o" -> owner = value;
                        case "s" -> {
                            int at = value.indexOf('@');
                            suspects = Long.parseLong(at < 0 ? value : value.substring(0, at));
                            origin = at < 0 ? ANY : value.substring(at + 1);
                        }
                        case "w" -> window = Long.parseLong(value);
                        case "r" -> alone = Long.parseLong(value);
                        case "d" -> {
                            int colon = value.indexOf(':');
                            aloneOffset = Long.parseLong(value.substring(0, colon));
                            aloneDeaths = Integer.parseInt(value.substring(colon + 1));
                        }
                        default -> {
                            // A field of a later version: ignored.
                        }
                    }
                }
            } catch (RuntimeException damaged) {
                return null;
            }
            return new Fields(owner, suspects, origin, window, alone, aloneOffset, aloneDeaths);
        }
    }
}

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

import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Starts one run of a {@link VerificationWorker}: the seam between the worker's restart policy and the
 * Kafka clients of a run ({@link WorkerRun}), so that the policy can be tested without a broker.
 */
@FunctionalInterface
interface RunStarter {

    /**
     * Starts a run.
     *
     * @param onEnd called once when the run has ended and released its clients, with what ended it
     *     ({@code null} after a graceful stop), on any thread
     * @return the run, started
     * @throws RuntimeException if the run could not start (a {@link org.apache.kafka.common.KafkaException}
     *     such as a timeout while the broker is away is worth trying again)
     */
    Run start(Consumer<@Nullable Throwable> onEnd);

    /** One started run, as its worker controls it. Thread-safety: every method may be called from any thread. */
    interface Run {

        /** Stops gracefully: finishes and commits what is in work, then ends. Returns at once. */
        void stop();

        /** Ends as a crash would, committing nothing more (tests only). Returns at once. */
        void crash();

        /** Releases what the run still holds, after it has ended or was given up on. */
        void dispose();

        /** Returns how many verdicts the run has committed so far. */
        long committedVerdicts();

        /** Returns how many of the run's transactions were aborted (and their verdicts sent again). */
        long abortedTransactions();
    }
}

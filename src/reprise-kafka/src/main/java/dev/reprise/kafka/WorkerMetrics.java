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

import dev.reprise.verify.Outcome;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.TimeGauge;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * Publishes a worker's {@link WorkerStats} as Micrometer meters. Micrometer ({@code micrometer-core}) is an
 * optional dependency: only this class refers to it, so a worker without Micrometer on the class path
 * never loads it. Every meter reads {@link VerificationWorker#stats()} when the registry asks (no
 * thread of its own), tagged {@code worker} with the worker id.
 *
 * <p>Meters: {@code reprise.worker.verdicts} (function counter, tag {@code outcome}, one per outcome of
 * {@link dev.reprise.verify.Outcome}), {@code reprise.worker.in.flight}, {@code reprise.worker.lag},
 * {@code reprise.worker.restarts} and {@code reprise.worker.transactions.aborted} (gauges and counters),
 * {@code reprise.worker.verify.time} and {@code reprise.worker.commit.time} (summed time, seconds),
 * {@code reprise.worker.verify.count} and {@code reprise.worker.commits}.
 */
public final class WorkerMetrics {

    /** Every outcome a verdict may have, {@code UNKNOWN_BUILD} of a worker serving several builds included. */
    private static final List<String> OUTCOMES = Arrays.stream(Outcome.values()).map(Outcome::name).toList();

    private WorkerMetrics() {
    }

    /**
     * Registers the worker's meters.
     *
     * @param worker the worker
     * @param registry where to register them
     */
    public static void bind(VerificationWorker worker, MeterRegistry registry) {
        Objects.requireNonNull(worker, "worker");
        Objects.requireNonNull(registry, "registry");
        Tags tags = Tags.of("worker", worker.settings().workerId());
        for (String outcome : OUTCOMES) {
            FunctionCounter.builder("reprise.worker.verdicts", worker,
                            w -> w.stats().committedByOutcome().getOrDefault(outcome, 0L))
                    .description("committed verdicts").tags(tags).tag("outcome", outcome).register(registry);
        }
        gauge(registry, tags, "reprise.worker.in.flight", worker, w -> w.stats().inFlight(), "replays being verified");
        gauge(registry, tags, "reprise.worker.lag", worker, w -> w.stats().lag(),
                "submissions waiting in the assigned partitions (-1: unknown)");
        counter(registry, tags, "reprise.worker.restarts", worker, w -> w.stats().restarts(), "runs started again");
        counter(registry, tags, "reprise.worker.transactions.aborted", worker, w -> w.stats().abortedTransactions(),
                "transactions aborted and sent again");
        counter(registry, tags, "reprise.worker.verify.count", worker, w -> w.stats().verified(), "verdicts produced");
        counter(registry, tags, "reprise.worker.commits", worker, w -> w.stats().commits(), "transactions committed");
        TimeGauge.builder("reprise.worker.verify.time", worker, TimeUnit.NANOSECONDS,
                w -> w.stats().verifyTime().toNanos()).description("time spent verifying, summed").tags(tags)
                .register(registry);
        TimeGauge.builder("reprise.worker.commit.time", worker, TimeUnit.NANOSECONDS,
                w -> w.stats().commitTime().toNanos()).description("time spent committing, summed").tags(tags)
                .register(registry);
    }

    private static void gauge(MeterRegistry registry, Tags tags, String name, VerificationWorker worker,
            ToDoubleFunction<VerificationWorker> value, String description) {
        Gauge.builder(name, worker, value).description(description).tags(tags).register(registry);
    }

    private static void counter(MeterRegistry registry, Tags tags, String name, VerificationWorker worker,
            ToDoubleFunction<VerificationWorker> value, String description) {
        FunctionCounter.builder(name, worker, value).description(description).tags(tags).register(registry);
    }
}

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

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.verify.Outcome;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class WorkerMetricsTest {

    private static final WorkerSettings SETTINGS = WorkerSettings.builder("127.0.0.1:9").workerId("m").build();

    /** A worker that is never started: its meters are fed by hand. */
    private static VerificationWorker unstarted() {
        return new VerificationWorker(SETTINGS, onEnd -> {
            throw new IllegalStateException("never started");
        }, Duration.ofMillis(10), Duration.ofMillis(10));
    }

    @Test
    void bind_publishesTheStats_readWhenTheRegistryAsks() {
        VerificationWorker worker = unstarted();
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        WorkerMetrics.bind(worker, registry);

        assertThat(registry.get("reprise.worker.verdicts").tag("outcome", "VALID").tag("worker", "m")
                .functionCounter().count()).isZero();
        assertThat(registry.get("reprise.worker.lag").gauge().value()).isEqualTo(-1);

        WorkerMeters meters = worker.meters();
        VerifiedSubmission valid = new VerifiedSubmission(0, "a", "VALID", "{}", 2_000_000);
        VerifiedSubmission desync = new VerifiedSubmission(1, "b", "DESYNC", "{}", 3_000_000);
        meters.delivered();
        meters.delivered();
        meters.delivered();
        meters.verdict(valid);
        meters.verdict(desync);
        meters.committed(List.of(valid, desync), 5_000_000);
        meters.lag(7);

        assertThat(registry.get("reprise.worker.verdicts").tag("outcome", "VALID").functionCounter().count()).isEqualTo(1);
        assertThat(registry.get("reprise.worker.verdicts").tag("outcome", "DESYNC").functionCounter().count()).isEqualTo(1);
        assertThat(registry.get("reprise.worker.in.flight").gauge().value()).isEqualTo(1);
        assertThat(registry.get("reprise.worker.lag").gauge().value()).isEqualTo(7);
        assertThat(registry.get("reprise.worker.commits").functionCounter().count()).isEqualTo(1);
        assertThat(registry.get("reprise.worker.verify.count").functionCounter().count()).isEqualTo(2);
        assertThat(registry.get("reprise.worker.verify.time").timeGauge().value(TimeUnit.MILLISECONDS)).isEqualTo(5);
        assertThat(registry.get("reprise.worker.commit.time").timeGauge().value(TimeUnit.MILLISECONDS)).isEqualTo(5);
        WorkerStats stats = worker.stats();
        assertThat(stats.verifyTimeMax()).isEqualTo(Duration.ofMillis(3));
        assertThat(stats.committed()).isEqualTo(2);
    }

    @Test
    void bind_countsEveryOutcome_unknownBuildIncluded() {
        VerificationWorker worker = unstarted();
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        WorkerMetrics.bind(worker, registry);
        VerifiedSubmission unknown = new VerifiedSubmission(0, "a", Outcome.UNKNOWN_BUILD.name(), "{}", 1_000_000);
        worker.meters().delivered();
        worker.meters().verdict(unknown);
        worker.meters().committed(List.of(unknown), 1_000_000);

        for (Outcome outcome : Outcome.values()) {
            assertThat(registry.find("reprise.worker.verdicts").tag("outcome", outcome.name()).functionCounter())
                    .as("a counter of %s", outcome).isNotNull();
        }
        assertThat(registry.get("reprise.worker.verdicts").tag("outcome", "UNKNOWN_BUILD").functionCounter().count())
                .isEqualTo(1);
    }
}

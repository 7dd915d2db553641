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

import java.time.Duration;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.jspecify.annotations.Nullable;
import reactor.core.Disposable;

/**
 * One life of a {@link VerificationWorker}: a transactional producer, a consumer (inside its receiver)
 * and the pipeline between them. A run that fails is not repaired: the worker starts a new one, with a
 * new consumer (so the partitions are assigned afresh, from their committed offsets) and a new producer.
 */
final class WorkerRun implements RunStarter.Run {

    private final KafkaReceiver<String, byte[]> receiver;
    private final VerdictCommitter committer;
    private final Disposable pipeline;
    private final WorkerMeters meters;
    private final ResubmissionChecks checks;

    /**
     * Reaches the cluster and finds both topics ({@link ClusterCheck}, up to the start timeout), readies the
     * producer (blocking up to {@code max.block.ms}) and starts consuming.
     *
     * @param incarnation the worker's id for this process's life, which its records of attempts carry
     * @param onEnd called once when the run has ended and closed its clients, with what ended it
     *     ({@code null} after a graceful stop), on the thread that saw the end
     */
    WorkerRun(WorkerSettings settings, SubmissionVerifier verifier, WorkerMeters meters, String incarnation,
            Consumer<@Nullable Throwable> onEnd) {
        this.meters = meters;
        ClusterCheck.await(settings);
        KafkaProducer<String, String> producer = new KafkaProducer<>(VerificationWorker.producerProperties(settings),
                new StringSerializer(), new StringSerializer());
        try {
            producer.initTransactions();
        } catch (RuntimeException e) {
            producer.close(Duration.ZERO);
            throw e;
        }
        this.checks = new ResubmissionChecks(settings.workerId(), () -> new VerdictLookup(settings.verdictsTopic(),
                VerificationWorker.consumerProperties(settings)), settings.startTimeout(), this::wakeReceiver);
        this.committer = new VerdictCommitter(producer, settings.verdictsTopic(), settings.commitInterval(),
                this::wakeReceiver, meters, incarnation, settings.maxAttempts(), lookahead(settings), checks);
        this.receiver = KafkaReceiver.<String, byte[]>builder(() -> new KafkaConsumer<>(
                        VerificationWorker.consumerProperties(settings), new StringDeserializer(),
                        new ByteArrayDeserializer()))
                .topics(settings.submissionsTopic())
                .threadName("reprise-verification-worker-" + settings.workerId())
                .stopTimeout(settings.stopTimeout())
                // Polls return at least this often, so ready verdicts wait at most about one interval.
                .pollTimeout(settings.commitInterval())
                .listener(committer)
                .build();
        this.pipeline = verifier.verify(committer.gated(receiver.receive()
                        .map(committer::track)
                        .doOnNext(submission -> meters.delivered())
                        .handle((submission, sink) -> {
                            String problem = Submissions.poison(submission, verifier);
                            if (problem == null) {
                                sink.next(submission);
                            } else {
                                VerifiedSubmission invalid = verifier.invalid(submission, problem);
                                meters.verdict(invalid);
                                committer.offer(invalid);
                            }
                        })))
                .subscribe(verdict -> {
                    meters.verdict(verdict);
                    committer.offer(verdict);
                }, error -> ended(onEnd, error), () -> ended(onEnd, null));
    }

    /**
     * How far past the last delivered submission a recorded window reaches: a few times what the verifier
     * holds, so that windows are extended by the commits that happen anyway, while few submissions beyond
     * those in work become suspects if the worker dies.
     */
    static int lookahead(WorkerSettings settings) {
        return Math.max(16, 4 * settings.parallelism());
    }

    /**
     * Reports the end once the polling thread has closed the clients. The end may be signalled on the
     * polling thread itself (a stop completes the stream from there), so the waiting happens on a thread
     * of its own.
     */
    private void ended(Consumer<@Nullable Throwable> onEnd, @Nullable Throwable verifierError) {
        Thread reporter = new Thread(() -> {
            try {
                receiver.awaitTermination(Duration.ofMinutes(2));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            meters.runEnded();
            checks.close();
            Throwable polling = receiver.failure();
            onEnd.accept(polling != null ? polling : verifierError);
        }, "reprise-verification-worker-end");
        reporter.setDaemon(true);
        reporter.start();
    }

    private void wakeReceiver() {
        receiver.wakeup();
    }

    @Override
    public void stop() {
        receiver.stop();
    }

    @Override
    public void crash() {
        committer.crashOnNextTurn();
    }

    @Override
    public void dispose() {
        pipeline.dispose();
    }

    @Override
    public long committedVerdicts() {
        return committer.committedVerdicts();
    }

    @Override
    public long abortedTransactions() {
        return committer.abortedTransactions();
    }
}

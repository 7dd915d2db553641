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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.jspecify.annotations.Nullable;

/**
 * The first thing a run does: reach the cluster and find both topics, within the start timeout. While the
 * broker does not answer it logs so every {@link #REPORT_EVERY}, naming the address; a topic that does not
 * exist fails the start at once, naming it (a worker subscribed to a missing topic would otherwise look
 * ready and verify nothing).
 */
final class ClusterCheck {

    private static final Logger LOG = Logger.getLogger(VerificationWorker.class.getName());
    /** How often the wait for an unanswering broker is reported. */
    static final Duration REPORT_EVERY = Duration.ofSeconds(3);

    private ClusterCheck() {
    }

    /**
     * Waits until the cluster describes both topics.
     *
     * @throws IllegalArgumentException if {@code bootstrap.servers} cannot be used at all (no host resolves)
     * @throws MissingTopicException if a topic does not exist
     * @throws TimeoutException if the broker did not answer within the start timeout, naming the address
     */
    static void await(WorkerSettings settings) {
        String servers = settings.bootstrapServers();
        LOG.info(() -> "worker " + settings.workerId() + ": connecting to Kafka at " + servers + " (topics "
                + settings.submissionsTopic() + " -> " + settings.verdictsTopic() + ", group " + settings.groupId()
                + ")");
        awaitTopics(settings);
    }

    /**
     * Waits, as {@link #await} does but without its first log line, until the cluster describes both topics:
     * what a submitter checks before it sends.
     *
     * @throws IllegalArgumentException if {@code bootstrap.servers} cannot be used at all (no host resolves)
     * @throws MissingTopicException if a topic does not exist
     * @throws TimeoutException if the broker did not answer within the start timeout, naming the address
     */
    static void awaitTopics(WorkerSettings settings) {
        String servers = settings.bootstrapServers();
        long timeoutMillis = settings.startTimeout().toMillis();
        Admin admin;
        try {
            admin = Admin.create(adminProperties(settings, timeoutMillis));
        } catch (KafkaException e) {
            throw new IllegalArgumentException("bootstrap.servers '" + servers + "': " + rootMessage(e), e);
        }
        try (admin) {
            Map<String, KafkaFuture<TopicDescription>> topics = admin.describeTopics(
                    List.of(settings.submissionsTopic(), settings.verdictsTopic())).topicNameValues();
            long start = System.nanoTime();
            // describeTopics answers for every name it was given.
            check(Objects.requireNonNull(topics.get(settings.submissionsTopic())), "submissions", settings, start);
            check(Objects.requireNonNull(topics.get(settings.verdictsTopic())), "verdicts", settings, start);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new org.apache.kafka.common.errors.InterruptException(e);
        }
    }

    private static void check(KafkaFuture<TopicDescription> topic, String role, WorkerSettings settings, long start)
            throws InterruptedException {
        String servers = settings.bootstrapServers();
        Duration timeout = settings.startTimeout();
        String name = role.equals("submissions") ? settings.submissionsTopic() : settings.verdictsTopic();
        for (;;) {
            long waited = System.nanoTime() - start;
            long left = timeout.toNanos() - waited;
            try {
                topic.get(Math.max(0, Math.min(left, REPORT_EVERY.toNanos())), TimeUnit.NANOSECONDS);
                return;
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof UnknownTopicOrPartitionException) {
                    throw new MissingTopicException("the " + role + " topic '" + name
                            + "' does not exist on the Kafka cluster at " + servers + "; create it (kafka-topics.sh"
                            + " --bootstrap-server " + servers + " --create --topic " + name + (role.equals("submissions")
                                    ? " --partitions N, N the most workers you will run)" : ")")
                            + " or set " + role + ".topic", cause);
                }
                if (cause instanceof TimeoutException) {
                    throw unreachable(settings, cause);
                }
                if (cause instanceof RuntimeException runtime) {
                    throw runtime;
                }
                throw new KafkaException(cause);
            } catch (java.util.concurrent.TimeoutException e) {
                long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
                if (System.nanoTime() - start >= timeout.toNanos()) {
                    throw unreachable(settings, null);
                }
                LOG.log(Level.WARNING, () -> "worker " + settings.workerId() + ": no answer from the Kafka broker at "
                        + servers + " after " + seconds + " s; still trying (start timeout " + timeout.toSeconds()
                        + " s)");
            }
        }
    }

    private static TimeoutException unreachable(WorkerSettings settings, @Nullable Throwable cause) {
        String servers = settings.bootstrapServers();
        TimeoutException e = new TimeoutException("could not reach the Kafka broker at " + servers + " within "
                + settings.startTimeout().toSeconds() + " s (the start timeout); check that a broker runs there, that"
                + " this host can reach that address and port, and that bootstrap.servers names the broker's"
                + " advertised listener");
        if (cause != null) {
            e.initCause(cause);
        }
        return e;
    }

    /** The bootstrap servers and the common client settings (security) that an admin client knows. */
    private static Map<String, Object> adminProperties(WorkerSettings settings, long timeoutMillis) {
        Map<String, Object> p = new HashMap<>();
        settings.consumerOverrides().forEach((key, value) -> {
            if (AdminClientConfig.configNames().contains(key)) {
                p.put(key, value);
            }
        });
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrapServers());
        p.put(AdminClientConfig.CLIENT_ID_CONFIG, "reprise-verifier-check-" + settings.workerId());
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) Math.min(Integer.MAX_VALUE, timeoutMillis));
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) Math.min(Integer.MAX_VALUE, timeoutMillis));
        return p;
    }

    /** The message of the deepest cause: what Kafka's "Failed to construct ..." wraps. */
    static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.toString() : root.getMessage();
    }

    /** A topic the worker needs is missing: not worth starting again until someone creates it. */
    static final class MissingTopicException extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        MissingTopicException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}

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

import dev.reprise.verify.ReplayVerifier;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * The settings of a {@link VerificationWorker}; build them with {@link #builder(String)}, which checks
 * each option as it is set. Immutable.
 *
 * @param bootstrapServers the Kafka bootstrap servers, {@code host:port[,host:port...]}
 * @param submissionsTopic the topic to read submissions from
 * @param verdictsTopic the topic to publish verdicts to
 * @param groupId the consumer group shared by all workers
 * @param transactionalIdPrefix the prefix of the worker's transactional id ({@code prefix-workerId})
 * @param workerId this worker's id, unique in the group; keep it stable across restarts so a restarted
 *     worker fences its predecessor at once instead of waiting for the transaction timeout
 * @param parallelism how many replays the worker verifies at once
 * @param maxPollRecords the most submissions fetched by one poll
 * @param stopTimeout how long a graceful stop waits for submissions being verified
 * @param commitInterval how often ready verdicts are committed, in one transaction
 * @param startTimeout how long a run's start may wait for the cluster to answer before it gives up
 * @param maxAttempts how many worker deaths a submission may be in work for before it gets a {@code FAILED}
 *     verdict instead of another attempt
 * @param consumerOverrides extra consumer properties, applied last
 * @param producerOverrides extra producer properties, applied last
 */
record WorkerSettings(String bootstrapServers, String submissionsTopic, String verdictsTopic, String groupId,
        String transactionalIdPrefix, String workerId, int parallelism, int maxPollRecords, Duration stopTimeout,
        Duration commitInterval, Duration startTimeout, int maxAttempts, Map<String, Object> consumerOverrides,
        Map<String, Object> producerOverrides) {

    /** The default submissions topic. */
    public static final String DEFAULT_SUBMISSIONS_TOPIC = "reprise.submissions";
    /** The default verdicts topic. */
    public static final String DEFAULT_VERDICTS_TOPIC = "reprise.verdicts";
    /** The default consumer group. */
    public static final String DEFAULT_GROUP_ID = "reprise-verifiers";
    /** The default transactional id prefix. */
    public static final String DEFAULT_TRANSACTIONAL_ID_PREFIX = "reprise-verifier";
    /** The default start timeout. */
    static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(60);
    /**
     * How long {@link WorkerMain} lets one replay take unless {@code replay.timeout.ms} says otherwise
     * ({@link ReplayVerifier#RECOMMENDED_TIMEOUT}, as the replay tool): a submission that makes its game loop
     * or stall gets a {@code TIMED_OUT} verdict and frees its slot.
     */
    static final Duration DEFAULT_REPLAY_TIMEOUT = ReplayVerifier.RECOMMENDED_TIMEOUT;
    /**
     * How many steps {@link WorkerMain} lets one replay play unless {@code replay.max.steps} says otherwise
     * ({@link ReplayVerifier#RECOMMENDED_MAX_STEPS}, the default reader's step cap, as the replay tool).
     */
    static final long DEFAULT_MAX_STEPS = ReplayVerifier.RECOMMENDED_MAX_STEPS;
    /**
     * How many worker deaths a submission may be in work for before it gets a {@code FAILED} verdict: as a
     * queue's maximum receive count before its dead-letter queue.
     */
    static final int DEFAULT_MAX_ATTEMPTS = 2;

    /**
     * Copies the override maps.
     *
     * @throws NullPointerException if a field is null
     */
    public WorkerSettings {
        consumerOverrides = Map.copyOf(consumerOverrides);
        producerOverrides = Map.copyOf(producerOverrides);
    }

    /**
     * Starts settings for a worker of the given cluster, with the defaults: topics
     * {@value #DEFAULT_SUBMISSIONS_TOPIC} and {@value #DEFAULT_VERDICTS_TOPIC}, group
     * {@value #DEFAULT_GROUP_ID}, transactional id prefix {@value #DEFAULT_TRANSACTIONAL_ID_PREFIX}, a random
     * worker id, parallelism = available processors, 100 records per poll, a 30 s stop timeout, a 100 ms
     * commit interval, a 60 s start timeout, {@value #DEFAULT_MAX_ATTEMPTS} attempts.
     *
     * @param bootstrapServers the Kafka bootstrap servers
     * @return a builder
     * @throws IllegalArgumentException if blank
     */
    static Builder builder(String bootstrapServers) {
        return new Builder(text(bootstrapServers, "bootstrapServers"));
    }

    private static String text(String value, String name) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + ": must not be blank");
        }
        return value;
    }

    /** Builds {@link WorkerSettings}, checking each option as it is set. */
    static final class Builder {
        private final String bootstrapServers;
        private String submissionsTopic = DEFAULT_SUBMISSIONS_TOPIC;
        private String verdictsTopic = DEFAULT_VERDICTS_TOPIC;
        private String groupId = DEFAULT_GROUP_ID;
        private String transactionalIdPrefix = DEFAULT_TRANSACTIONAL_ID_PREFIX;
        private String workerId = VerificationWorker.randomWorkerId();
        private int parallelism = Runtime.getRuntime().availableProcessors();
        private int maxPollRecords = 100;
        private Duration stopTimeout = Duration.ofSeconds(30);
        private Duration commitInterval = Duration.ofMillis(100);
        private Duration startTimeout = DEFAULT_START_TIMEOUT;
        private int maxAttempts = DEFAULT_MAX_ATTEMPTS;
        private Map<String, Object> consumerOverrides = Map.of();
        private Map<String, Object> producerOverrides = Map.of();

        private Builder(String bootstrapServers) {
            this.bootstrapServers = bootstrapServers;
        }

        /**
         * Sets the submissions topic.
         *
         * @param topic a non-blank topic name
         * @return this builder
         */
        Builder submissionsTopic(String topic) {
            this.submissionsTopic = text(topic, "submissionsTopic");
            return this;
        }

        /**
         * Sets the verdicts topic.
         *
         * @param topic a non-blank topic name
         * @return this builder
         */
        Builder verdictsTopic(String topic) {
            this.verdictsTopic = text(topic, "verdictsTopic");
            return this;
        }

        /**
         * Sets the consumer group id shared by the workers.
         *
         * @param groupId a non-blank id
         * @return this builder
         */
        Builder groupId(String groupId) {
            this.groupId = text(groupId, "groupId");
            return this;
        }

        /**
         * Sets the transactional id prefix.
         *
         * @param prefix a non-blank prefix
         * @return this builder
         */
        Builder transactionalIdPrefix(String prefix) {
            this.transactionalIdPrefix = text(prefix, "transactionalIdPrefix");
            return this;
        }

        /**
         * Sets this worker's id (unique in the group, stable across restarts).
         *
         * @param workerId a non-blank id
         * @return this builder
         */
        Builder workerId(String workerId) {
            this.workerId = text(workerId, "workerId");
            return this;
        }

        /**
         * Sets how many replays are verified at once.
         *
         * @param parallelism at least 1
         * @return this builder
         * @throws IllegalArgumentException if less than 1
         */
        Builder parallelism(int parallelism) {
            this.parallelism = atLeastOne(parallelism, "parallelism");
            return this;
        }

        /**
         * Sets the most submissions one poll fetches ({@code max.poll.records}).
         *
         * @param maxPollRecords at least 1
         * @return this builder
         * @throws IllegalArgumentException if less than 1
         */
        Builder maxPollRecords(int maxPollRecords) {
            this.maxPollRecords = atLeastOne(maxPollRecords, "maxPollRecords");
            return this;
        }

        /**
         * Sets how long a graceful stop waits for submissions being verified.
         *
         * @param stopTimeout a positive duration
         * @return this builder
         * @throws IllegalArgumentException if not positive
         */
        Builder stopTimeout(Duration stopTimeout) {
            this.stopTimeout = positive(stopTimeout, "stopTimeout");
            return this;
        }

        /**
         * Sets how often ready verdicts are committed (one transaction each time): shorter means verdicts
         * show sooner, longer means fewer, bigger transactions.
         *
         * @param commitInterval a positive duration
         * @return this builder
         * @throws IllegalArgumentException if not positive
         */
        Builder commitInterval(Duration commitInterval) {
            this.commitInterval = positive(commitInterval, "commitInterval");
            return this;
        }

        /**
         * Sets how long the start of a run waits for the cluster (the broker reached, the topics found,
         * the producer readied) before it gives up with a message naming the address.
         *
         * @param startTimeout a positive duration
         * @return this builder
         * @throws IllegalArgumentException if not positive
         */
        Builder startTimeout(Duration startTimeout) {
            this.startTimeout = positive(startTimeout, "startTimeout");
            return this;
        }

        /**
         * Sets how many worker deaths a submission may be in work for: once it has been in work that many
         * times when its worker died, it gets a {@code FAILED} verdict naming that cause instead of
         * another attempt.
         *
         * @param maxAttempts at least 1
         * @return this builder
         * @throws IllegalArgumentException if less than 1
         */
        Builder maxAttempts(int maxAttempts) {
            this.maxAttempts = atLeastOne(maxAttempts, "maxAttempts");
            return this;
        }

        /**
         * Sets extra consumer properties, applied after the worker's own.
         *
         * @param overrides property names and values
         * @return this builder
         */
        Builder consumerOverrides(Map<String, Object> overrides) {
            this.consumerOverrides = Map.copyOf(overrides);
            return this;
        }

        /**
         * Sets extra producer properties, applied after the worker's own.
         *
         * @param overrides property names and values
         * @return this builder
         */
        Builder producerOverrides(Map<String, Object> overrides) {
            this.producerOverrides = Map.copyOf(overrides);
            return this;
        }

        /**
         * Builds the settings.
         *
         * @return the settings
         */
        WorkerSettings build() {
            return new WorkerSettings(bootstrapServers, submissionsTopic, verdictsTopic, groupId, transactionalIdPrefix,
                    workerId, parallelism, maxPollRecords, stopTimeout, commitInterval, startTimeout, maxAttempts,
                    consumerOverrides,
                    producerOverrides);
        }

        private static Duration positive(Duration duration, String name) {
            Objects.requireNonNull(duration, name);
            if (duration.isNegative() || duration.isZero()) {
                throw new IllegalArgumentException(name + ": must be positive, was " + duration);
            }
            return duration;
        }

        private static int atLeastOne(int value, String name) {
            if (value < 1) {
                throw new IllegalArgumentException(name + ": must be at least 1, was " + value);
            }
            return value;
        }
    }
}

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

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndTimestamp;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.utils.Utils;

/**
 * Looks for the committed verdict of one submission id on the verdicts topic: what makes a resubmission
 * idempotent. A verdict is keyed by its submission id, so it is in the partition the producer's default
 * partitioner gives that key (the worker refuses another partitioner); the lookup reads that partition,
 * {@code read_committed}, from shortly before the original submission was sent up to the high watermark
 * the partition had when the lookup began. It is complete only once every transaction open then has ended
 * (the last stable offset has passed that high watermark): only then is "no verdict" an answer. A
 * transaction that stays open (a hanging transaction, which only an operator can end) leaves the lookup
 * undecided, saying where.
 *
 * <p>One lookup at a time: not thread-safe. Close it to release its consumer and admin client.
 */
final class VerdictLookup implements AutoCloseable {

    /** How far before the original send a verdict's timestamp may be, for clocks that disagree. */
    static final Duration CLOCK_SKEW = Duration.ofMinutes(5);
    private static final Duration POLL = Duration.ofMillis(100);

    private final String topic;
    private final KafkaConsumer<String, String> consumer;
    private final Admin admin;

    /**
     * Creates the clients (connecting lazily).
     *
     * @param clientConfig the connection settings ({@code bootstrap.servers}, security): group, isolation
     *     and offset settings are the lookup's own
     */
    VerdictLookup(String topic, Map<String, Object> clientConfig) {
        this.topic = topic;
        Map<String, Object> consumerConfig = new HashMap<>();
        Map<String, Object> adminConfig = new HashMap<>();
        clientConfig.forEach((key, value) -> {
            if (ConsumerConfig.configNames().contains(key)) {
                consumerConfig.put(key, value);
            }
            if (AdminClientConfig.configNames().contains(key)) {
                adminConfig.put(key, value);
            }
        });
        consumerConfig.remove(ConsumerConfig.GROUP_ID_CONFIG);
        consumerConfig.remove(ConsumerConfig.GROUP_INSTANCE_ID_CONFIG);
        consumerConfig.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        consumerConfig.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        consumerConfig.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        this.consumer = new KafkaConsumer<>(consumerConfig, new StringDeserializer(), new StringDeserializer());
        try {
            this.admin = Admin.create(adminConfig);
        } catch (RuntimeException e) {
            consumer.close(CloseOptions.timeout(Duration.ZERO));
            throw e;
        }
    }

    /** What a lookup found. */
    sealed interface Result {
    }

    /**
     * The committed verdict of the id.
     *
     * @param record the verdict record
     */
    record Found(ConsumerRecord<String, String> record) implements Result {
    }

    /** No committed verdict of the id, and no transaction that could still add one was open. */
    record Absent() implements Result {
    }

    /**
     * No answer within the timeout: a transaction that was open when the lookup began is still open.
     *
     * @param why the partition, its last stable offset and its high watermark, for people
     */
    record Undecided(String why) implements Result {
    }

    /** Returns the partition of the verdicts topic whose verdicts have this key. */
    static int partitionOf(String key, int partitions) {
        return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % partitions;
    }

    /**
     * Looks for the committed verdict of a submission.
     *
     * @param id the submission id (cut as a verdict's key is)
     * @param sentAtMillis when the original submission was sent (epoch milliseconds), or 0 or less if
     *     unknown: then the partition is read from its beginning
     * @param timeout how long to wait for open transactions to end
     * @return what was found
     * @throws KafkaException if the cluster cannot be asked
     */
    Result find(String id, long sentAtMillis, Duration timeout) {
        String key = Submissions.key(id);
        long deadline = System.nanoTime() + timeout.toNanos();
        List<PartitionInfo> infos = consumer.partitionsFor(topic, timeout);
        if (infos == null || infos.isEmpty()) {
            throw new KafkaException("the verdicts topic '" + topic + "' has no partitions (does it exist?)");
        }
        TopicPartition partition = new TopicPartition(topic, partitionOf(key, infos.size()));
        long highWatermark = highWatermark(partition, timeout);
        consumer.assign(List.of(partition));
        long start = -1;
        if (sentAtMillis > 0) {
            Map<TopicPartition, OffsetAndTimestamp> byTime = consumer.offsetsForTimes(
                    Map.of(partition, Math.max(0, sentAtMillis - CLOCK_SKEW.toMillis())), timeout);
            OffsetAndTimestamp at = byTime.get(partition);
            // None at or after that time: nothing committed since, so only what is still open can hold it.
            start = at != null ? at.offset() : stableOffset(partition, timeout);
        }
        if (start < 0) {
            consumer.seekToBeginning(List.of(partition));
        } else {
            consumer.seek(partition, start);
        }
        while (consumer.position(partition, timeout) < highWatermark) {
            for (ConsumerRecord<String, String> record : consumer.poll(POLL)) {
                if (key.equals(record.key()) && record.value() != null) {
                    return new Found(record);
                }
            }
            if (System.nanoTime() - deadline > 0) {
                long stable = stableOffset(partition, timeout);
                return new Undecided(partition + ": last stable offset " + stable + ", high watermark "
                        + highWatermark + " when the lookup began (position " + consumer.position(partition, timeout)
                        + "): a transaction open since then has not ended within " + timeout);
            }
        }
        return new Absent();
    }

    /** The partition's last stable offset: where a {@code read_committed} reader stops. */
    private long stableOffset(TopicPartition partition, Duration timeout) {
        Long end = consumer.endOffsets(List.of(partition), timeout).get(partition);
        return end == null ? 0 : end;
    }

    /** The partition's high watermark: the end of what is written, committed or not. */
    private long highWatermark(TopicPartition partition, Duration timeout) {
        try {
            return admin.listOffsets(Map.of(partition, OffsetSpec.latest()),
                            new ListOffsetsOptions(IsolationLevel.READ_UNCOMMITTED))
                    .partitionResult(partition).get(timeout.toNanos(), TimeUnit.NANOSECONDS).offset();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptException(e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof KafkaException kafka ? kafka : new KafkaException(cause);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new org.apache.kafka.common.errors.TimeoutException("no high watermark of " + partition
                    + " within " + timeout, e);
        }
    }

    @Override
    public void close() {
        try {
            consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
        } finally {
            admin.close(Duration.ofSeconds(5));
        }
    }
}

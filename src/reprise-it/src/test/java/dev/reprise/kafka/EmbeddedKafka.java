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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.admin.AbortTransactionSpec;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import kafka.server.BrokerServer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;
import org.jspecify.annotations.Nullable;
import dev.reprise.samples.kafka.LocalKafka;

/**
 * An in-process Kafka cluster for the tests: the samples' {@link LocalKafka} (one KRaft controller, one
 * broker, on loopback), or three brokers replicating everything three times
 * ({@link #startThreeBrokers()}), with what only tests do: restarting or stopping the broker, sending and reading
 * back records, describing and aborting hanging transactions. Start one per test class; it deletes its
 * files on close.
 */
final class EmbeddedKafka implements AutoCloseable {

    /** The largest message the broker and {@link #send} accept. */
    static final int MAX_MESSAGE_BYTES = LocalKafka.MAX_MESSAGE_BYTES;
    /** How long tests wait for the cluster at most, per operation. */
    static final Duration TIMEOUT = LocalKafka.TIMEOUT;
    /** The replication factor of the three-broker cluster's topics, and its broker count. */
    private static final int REPLICATION = 3;
    /** Kafka's internal topic of committed consumer offsets (transactional offset commits land there). */
    private static final String OFFSETS_TOPIC = "__consumer_offsets";

    /** The single-broker cluster, or {@code null} for a cluster of several brokers. */
    private final @Nullable LocalKafka local;
    private final KafkaClusterTestKit cluster;
    private final int brokerId;

    private EmbeddedKafka(@Nullable LocalKafka local, KafkaClusterTestKit cluster) {
        this.local = local;
        this.cluster = cluster;
        this.brokerId = cluster.brokers().keySet().iterator().next();
    }

    /** Starts the samples' {@link LocalKafka}: the cluster the local pipeline runs on, with the tests' extras. */
    static EmbeddedKafka start() throws Exception {
        LocalKafka local = LocalKafka.start();
        return new EmbeddedKafka(local, local.cluster());
    }

    /**
     * Starts a cluster as production runs one: three brokers (and a KRaft controller of its own), every
     * topic, the internal ones included, replicated three times with {@code min.insync.replicas=2}, so
     * that any one broker may restart while the others go on.
     */
    static EmbeddedKafka startThreeBrokers() throws Exception {
        TestKitNodes nodes = new TestKitNodes.Builder().setCombined(false).setNumControllerNodes(1)
                .setNumBrokerNodes(REPLICATION).build();
        KafkaClusterTestKit.Builder builder = new KafkaClusterTestKit.Builder(nodes);
        Map.ofEntries(
                Map.entry("default.replication.factor", String.valueOf(REPLICATION)),
                Map.entry("min.insync.replicas", "2"),
                Map.entry("offsets.topic.replication.factor", String.valueOf(REPLICATION)),
                Map.entry("offsets.topic.num.partitions", "3"),
                Map.entry("transaction.state.log.replication.factor", String.valueOf(REPLICATION)),
                Map.entry("transaction.state.log.min.isr", "2"),
                Map.entry("transaction.state.log.num.partitions", "3"),
                Map.entry("group.initial.rebalance.delay.ms", "0"),
                Map.entry("group.min.session.timeout.ms", "1000"),
                Map.entry("transaction.abort.timed.out.transaction.cleanup.interval.ms", "500"),
                // A broker that restarts is back in the replica set soon: a shorter lag bound than the 30 s default.
                Map.entry("replica.lag.time.max.ms", "5000"),
                Map.entry("message.max.bytes", String.valueOf(MAX_MESSAGE_BYTES)),
                Map.entry("replica.fetch.max.bytes", String.valueOf(MAX_MESSAGE_BYTES)),
                Map.entry("auto.create.topics.enable", "false")).forEach(builder::setConfigProp);
        KafkaClusterTestKit cluster = builder.build();
        try {
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
            EmbeddedKafka kafka = new EmbeddedKafka(null, cluster);
            kafka.warmUpCoordinators();
            return kafka;
        } catch (Exception e) {
            cluster.close();
            throw e;
        }
    }

    /** Runs one transaction with a group offset, so that the internal topics exist before a test uses them. */
    private void warmUpCoordinators() throws Exception {
        createTopic("warm-up", 1);
        Map<String, Object> p = new HashMap<>();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "warm-up");
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) TIMEOUT.toMillis());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(),
                new StringSerializer())) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>("warm-up", "warm-up", "warm-up"));
            producer.sendOffsetsToTransaction(Map.of(new TopicPartition("warm-up", 0), new OffsetAndMetadata(1)),
                    new ConsumerGroupMetadata("warm-up"));
            producer.commitTransaction();
        }
    }

    String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    /** Creates a topic replicated on every broker, and waits until every replica is in sync. */
    void createTopic(String name, int partitions) throws Exception {
        LocalKafka single = local;
        if (single != null) {
            single.createTopic(name, partitions);
            return;
        }
        try (Admin admin = cluster.admin()) {
            admin.createTopics(List.of(new NewTopic(name, partitions, (short) REPLICATION)))
                    .all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            while (!inSync(admin, name, partitions)) {
                if (System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException("topic " + name + " is not fully in sync after " + TIMEOUT);
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
            }
        }
    }

    /** Whether every partition of the topic has a leader and all its replicas in sync. */
    private static boolean inSync(Admin admin, String name, int partitions) throws Exception {
        try {
            TopicDescription topic = admin.describeTopics(List.of(name)).allTopicNames()
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).get(name);
            return topic != null && topic.partitions().size() == partitions && topic.partitions().stream()
                    .allMatch(p -> p.leader() != null && p.isr().size() == p.replicas().size());
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                return false;
            }
            throw e;
        }
    }

    /** Returns the ids of the brokers, in order. */
    List<Integer> brokerIds() {
        return List.copyOf(new TreeSet<>(cluster.brokers().keySet()));
    }

    /** Stops one broker and starts it again on the same port, with the same data. */
    void restartBroker(int id) {
        cluster.restartBroker(id, Map.of());
    }

    /** Waits until every partition of the topics has all its replicas in sync again (after a restart). */
    void awaitInSync(Duration timeout, String... topics) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Admin admin = cluster.admin()) {
            for (String topic : topics) {
                int partitions = admin.describeTopics(List.of(topic)).allTopicNames()
                        .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).get(topic).partitions().size();
                while (!inSync(admin, topic, partitions)) {
                    if (System.nanoTime() - deadline > 0) {
                        throw new IllegalStateException("topic " + topic + " not back in sync within " + timeout);
                    }
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
                }
            }
        }
    }

    /** Returns the broker that coordinates each of the given transactional ids now. */
    Map<String, Integer> transactionCoordinators(List<String> transactionalIds) throws Exception {
        try (Admin admin = cluster.admin()) {
            Map<String, Integer> coordinators = new TreeMap<>();
            admin.describeTransactions(transactionalIds).all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .forEach((id, description) -> coordinators.put(id, description.coordinatorId()));
            return coordinators;
        }
    }

    /** Stops the broker and starts it again on the same port, with the same data. */
    void restartBroker() {
        cluster.restartBroker(brokerId, Map.of());
    }

    /** Stops the broker, for an outage that lasts until {@link #restartBroker()} starts it again. */
    void stopBroker() {
        BrokerServer broker = cluster.brokers().get(brokerId);
        broker.shutdown();
        broker.awaitShutdown();
    }

    /** Sends the records and waits until every one is acknowledged. */
    void send(List<ProducerRecord<String, byte[]>> records) throws Exception {
        Map<String, Object> p = new HashMap<>();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        p.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, MAX_MESSAGE_BYTES);
        // Plain sends: the test's submissions need no producer id from the broker.
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false);
        KafkaProducer<String, byte[]> producer = new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer());
        try {
            List<Future<?>> sent = new ArrayList<>();
            for (ProducerRecord<String, byte[]> record : records) {
                sent.add(producer.send(record));
            }
            for (Future<?> ack : sent) {
                ack.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            }
        } finally {
            producer.close(TIMEOUT);
        }
    }

    /**
     * Reads a topic from the beginning as a {@code read_committed} consumer until {@code count} records
     * were read or {@code timeout} passed, then on to the end of what is committed (the last stable
     * offset), so that extra records past {@code count} show up too.
     */
    List<ConsumerRecord<String, String>> readCommitted(String topic, int count, Duration timeout) {
        Map<String, Object> p = new HashMap<>();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        List<ConsumerRecord<String, String>> read = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p, new StringDeserializer(),
                new StringDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, TIMEOUT).stream()
                    .map(info -> new TopicPartition(topic, info.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            long deadline = System.nanoTime() + timeout.toNanos();
            while (read.size() < count && System.nanoTime() - deadline < 0) {
                consumer.poll(Duration.ofMillis(200)).forEach(read::add);
            }
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions, TIMEOUT);
            long endDeadline = System.nanoTime() + TIMEOUT.toNanos();
            while (!reached(consumer, end) && System.nanoTime() - endDeadline < 0) {
                consumer.poll(Duration.ofMillis(200)).forEach(read::add);
            }
        }
        return read;
    }

    /**
     * Describes a topic's transactional state, for a test that failed to read what it expected: per
     * partition the high watermark, the last stable offset (where {@code read_committed} readers stop)
     * and the producers with an open transaction there (and the offset it started at); then every
     * transaction the coordinator knows and its state. A last stable offset held below the high
     * watermark by a transaction that no coordinator completes is a hanging transaction.
     */
    String describeTransactions(String topic) {
        StringBuilder out = new StringBuilder(topic).append(':');
        try (Admin admin = cluster.admin()) {
            List<TopicPartition> partitions = admin.describeTopics(List.of(topic)).allTopicNames()
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).get(topic).partitions().stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            partitions.forEach(p -> latest.put(p, OffsetSpec.latest()));
            var highWatermarks = admin.listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_UNCOMMITTED))
                    .all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            var stable = admin.listOffsets(latest, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED))
                    .all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            var producers = admin.describeProducers(partitions).all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            for (TopicPartition p : partitions) {
                out.append(String.format("%n  %s: high watermark %d, last stable offset %d, open transactions %s", p,
                        highWatermarks.get(p).offset(), stable.get(p).offset(), producers.get(p).activeProducers()
                                .stream().filter(s -> s.currentTransactionStartOffset().isPresent()).toList()));
            }
            var listed = admin.listTransactions().all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            var described = admin.describeTransactions(listed.stream().map(t -> t.transactionalId()).toList())
                    .all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            described.forEach((id, d) -> out.append(String.format("%n  transaction %s: %s, producer %d epoch %d,"
                    + " partitions %s", id, d.state(), d.producerId(), d.producerEpoch(), d.topicPartitions())));
        } catch (Exception e) {
            out.append(" (could not describe: ").append(e).append(')');
        }
        return out.toString();
    }

    /**
     * Aborts the hanging transactions of a topic and of the offsets topic, as an operator does with {@code kafka-transactions.sh
     * find-hanging} and {@code abort}: an open transaction on a partition whose producer the coordinator
     * no longer has in flight there (it has moved to a later epoch, or ended without that partition). A
     * broker restart can leave one behind; it holds the partition's last stable offset, so that
     * {@code read_committed} readers see nothing after it. Its records are dropped, as an abort does.
     *
     * @return the transactions aborted, described; empty if none hung
     */
    List<String> abortHangingTransactions(String topic) throws Exception {
        List<String> aborted = new ArrayList<>();
        try (Admin admin = cluster.admin()) {
            // The offsets topic too: a transaction hanging there holds the group's committed offsets of
            // its submissions partitions, so their next owner waits for them and verifies nothing.
            List<TopicPartition> partitions = admin.describeTopics(List.of(topic, OFFSETS_TOPIC)).allTopicNames()
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).values().stream()
                    .flatMap(t -> t.partitions().stream().map(p -> new TopicPartition(t.name(), p.partition())))
                    .toList();
            var producers = admin.describeProducers(partitions).all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            var listed = admin.listTransactions().all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            var coordinator = admin.describeTransactions(listed.stream().map(t -> t.transactionalId()).toList())
                    .all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).values();
            for (TopicPartition partition : partitions) {
                for (ProducerState open : producers.get(partition).activeProducers()) {
                    if (open.currentTransactionStartOffset().isEmpty()) {
                        continue;
                    }
                    boolean inFlight = coordinator.stream().anyMatch(t -> t.producerId() == open.producerId()
                            && t.producerEpoch() == open.producerEpoch() && t.topicPartitions().contains(partition)
                            && (t.state() == TransactionState.ONGOING || t.state() == TransactionState.PREPARE_COMMIT
                                    || t.state() == TransactionState.PREPARE_ABORT));
                    if (!inFlight) {
                        admin.abortTransaction(new AbortTransactionSpec(partition, open.producerId(),
                                (short) open.producerEpoch(), open.coordinatorEpoch().orElse(0)))
                                .all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                        aborted.add(partition + ": " + open);
                    }
                }
            }
        }
        return aborted;
    }

    /** The end offset of each partition of a topic (its high watermark). */
    Map<TopicPartition, Long> endOffsets(String topic) throws Exception {
        try (Admin admin = cluster.admin()) {
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            admin.describeTopics(List.of(topic)).allTopicNames().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .get(topic).partitions().forEach(p -> latest.put(new TopicPartition(topic, p.partition()),
                            OffsetSpec.latest()));
            Map<TopicPartition, Long> end = new HashMap<>();
            admin.listOffsets(latest).all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .forEach((partition, info) -> end.put(partition, info.offset()));
            return end;
        }
    }

    /**
     * Moves a group's committed offsets to the end of a topic, as if every submission there had been
     * answered: what a verdict lost with its aborted transaction looks like to the workers. The group must
     * have no member.
     */
    void skipToEnd(String group, String topic) throws Exception {
        Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
        endOffsets(topic).forEach((partition, end) -> offsets.put(partition, new OffsetAndMetadata(end)));
        try (Admin admin = cluster.admin()) {
            admin.alterConsumerGroupOffsets(group, offsets).all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** Tells whether a group has committed every partition of a topic up to its end: it has handled all of it. */
    boolean consumedToEnd(String group, String topic) throws Exception {
        Map<TopicPartition, Long> end = endOffsets(topic);
        try (Admin admin = cluster.admin()) {
            Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(group)
                    .partitionsToOffsetAndMetadata().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            return end.entrySet().stream().allMatch(e -> e.getValue() == 0
                    || committed.get(e.getKey()) != null && committed.get(e.getKey()).offset() >= e.getValue());
        }
    }

    private static boolean reached(KafkaConsumer<String, String> consumer, Map<TopicPartition, Long> end) {
        for (Map.Entry<TopicPartition, Long> e : end.entrySet()) {
            if (consumer.position(e.getKey(), TIMEOUT) < e.getValue()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() {
        LocalKafka single = local;
        if (single != null) {
            single.close();
            return;
        }
        try {
            cluster.close();
        } catch (Exception e) {
            throw new IllegalStateException("could not stop the test cluster", e);
        }
    }
}

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
package dev.reprise.samples.kafka;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * A single-node Kafka cluster inside this JVM (Kafka's own server, through its test kit): one KRaft
 * controller and one broker on loopback ports the system picks, with the settings a single broker needs
 * (replication factor 1 for the internal topics), quick group joins, quick expiry of abandoned
 * transactions and messages up to {@value #MAX_MESSAGE_BYTES} bytes. Its coordinators are warmed up by one
 * transaction before it is handed out. For trying the pipeline on a laptop and for tests; it deletes its
 * files on close.
 */
public final class LocalKafka implements AutoCloseable {

    /** The largest message the broker accepts. */
    public static final int MAX_MESSAGE_BYTES = 24 << 20;
    /** How long it waits for the cluster at most, per operation. */
    public static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final KafkaClusterTestKit cluster;

    private LocalKafka(KafkaClusterTestKit cluster) {
        this.cluster = cluster;
    }

    /**
     * Starts the cluster and waits until its broker is ready and its coordinators are loaded.
     *
     * @return the running cluster
     * @throws Exception if it cannot start
     */
    public static LocalKafka start() throws Exception {
        TestKitNodes nodes = new TestKitNodes.Builder()
                .setCombined(false)
                .setNumControllerNodes(1)
                .setNumBrokerNodes(1)
                .build();
        KafkaClusterTestKit.Builder builder = new KafkaClusterTestKit.Builder(nodes);
        Map<String, Object> config = Map.ofEntries(
                Map.entry("offsets.topic.replication.factor", "1"),
                Map.entry("offsets.topic.num.partitions", "3"),
                Map.entry("transaction.state.log.replication.factor", "1"),
                Map.entry("transaction.state.log.min.isr", "1"),
                Map.entry("transaction.state.log.num.partitions", "3"),
                Map.entry("group.initial.rebalance.delay.ms", "0"),
                Map.entry("group.min.session.timeout.ms", "1000"),
                Map.entry("transaction.abort.timed.out.transaction.cleanup.interval.ms", "500"),
                Map.entry("message.max.bytes", String.valueOf(MAX_MESSAGE_BYTES)),
                Map.entry("replica.fetch.max.bytes", String.valueOf(MAX_MESSAGE_BYTES)),
                Map.entry("auto.create.topics.enable", "false"));
        config.forEach(builder::setConfigProp);
        KafkaClusterTestKit cluster = builder.build();
        LocalKafka kafka;
        try {
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
            kafka = new LocalKafka(cluster);
            kafka.warmUpCoordinators();
        } catch (Exception e) {
            cluster.close();
            throw e;
        }
        return kafka;
    }

    /**
     * Runs one transaction that also commits a group offset, so that the broker has created and loaded
     * its internal topics (transaction state, consumer offsets) before anyone uses it: they are created on
     * first use, and the first transactions should not race their creation.
     */
    private void warmUpCoordinators() throws Exception {
        String topic = "warm-up";
        createTopic(topic, 1);
        Map<String, Object> p = new HashMap<>();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, topic);
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) TIMEOUT.toMillis());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p, new StringSerializer(),
                new StringSerializer())) {
            producer.initTransactions();
            producer.beginTransaction();
            producer.send(new ProducerRecord<>(topic, "warm-up", "warm-up"));
            producer.sendOffsetsToTransaction(Map.of(new TopicPartition(topic, 0), new OffsetAndMetadata(1)),
                    new ConsumerGroupMetadata(topic));
            producer.commitTransaction();
        }
    }

    /**
     * Returns the address clients connect to.
     *
     * @return {@code host:port} on loopback
     */
    public String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    /**
     * Creates a topic with replication factor 1.
     *
     * @param name the topic
     * @param partitions its partition count
     * @throws Exception if the broker refuses or does not answer within {@link #TIMEOUT}
     */
    public void createTopic(String name, int partitions) throws Exception {
        try (Admin admin = cluster.admin()) {
            admin.createTopics(List.of(new NewTopic(name, partitions, (short) 1)))
                    .all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            awaitLeaders(admin, name, partitions);
        }
    }

    /**
     * Waits until the broker's metadata has the new topic with a leader for every partition: created is
     * not yet visible to a client that asks at once (it would be told the topic does not exist).
     */
    private static void awaitLeaders(Admin admin, String name, int partitions) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        for (;;) {
            try {
                TopicDescription topic = admin.describeTopics(List.of(name)).allTopicNames()
                        .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).get(name);
                if (topic != null && topic.partitions().size() == partitions
                        && topic.partitions().stream().allMatch(partition -> partition.leader() != null)) {
                    return;
                }
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    throw e;
                }
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("topic " + name + " has no leader for each of its " + partitions
                        + " partitions after " + TIMEOUT.toSeconds() + " s");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
        }
    }

    /**
     * Returns the test kit's cluster, for what only tests do (restarting the broker, an admin client).
     *
     * @return the cluster
     */
    public KafkaClusterTestKit cluster() {
        return cluster;
    }

    /** Stops the cluster and deletes its files. */
    @Override
    public void close() {
        try {
            cluster.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while stopping the local cluster", e);
        } catch (Exception e) {
            throw new IllegalStateException("Could not stop the local cluster", e);
        }
    }
}

/**
 * Replay verification as a group of workers on Apache Kafka: {@link dev.reprise.kafka.VerificationWorker}
 * reads submissions (key = submission id, value = replay file bytes, headers {@code reprise-game} and
 * {@code reprise-build}) and publishes one verdict per submission, exactly once, with Kafka
 * transactions. {@link dev.reprise.kafka.KafkaReceiver} is the small bridge from a Kafka consumer
 * to a demand-driven Reactor {@code Flux} it is built on (one polling thread; partitions paused while
 * there is no demand). Kafka is a test-scope dependency: none of this is in the library artifact.
 */
@NullMarked
package dev.reprise.kafka;

import org.jspecify.annotations.NullMarked;

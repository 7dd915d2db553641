/**
 * The Kafka verification pipeline on one machine: a single-node broker in the JVM
 * ({@link dev.reprise.samples.kafka.LocalKafka}) and the whole pipeline around it
 * ({@link dev.reprise.samples.kafka.LocalPipeline}).
 */
@NullMarked
package dev.reprise.samples.kafka;

import org.jspecify.annotations.NullMarked;

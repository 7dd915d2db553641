/**
 * Replay verification as a group of workers on Apache Kafka: {@link dev.reprise.kafka.VerificationWorker}
 * reads submissions (key = submission id, value = replay file bytes, headers {@code reprise-game} and
 * {@code reprise-build}) and publishes one verdict per submission ({@link dev.reprise.json.VerdictJson}),
 * exactly once, with Kafka transactions; {@link dev.reprise.kafka.WorkerMain} runs one as a process for
 * any game; {@link dev.reprise.kafka.ReplaySubmitter} is the game server's side, and
 * {@link dev.reprise.kafka.SubmitMain} submits replay files from the worker jar and prints their verdicts. It is
 * built on a small
 * package-private bridge from a Kafka consumer to a demand-driven Reactor {@code Flux} (one polling thread;
 * partitions paused while there is no demand).
 *
 * <p>{@code kafka-clients} and {@code jackson-databind} are optional dependencies of the library: add them
 * to use this package; a game that does not never resolves them.
 */
@NullMarked
package dev.reprise.kafka;

import org.jspecify.annotations.NullMarked;

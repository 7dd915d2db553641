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

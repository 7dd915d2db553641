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
import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.jspecify.annotations.Nullable;

/**
 * The record layout of a submission: key = submission id (UTF-8), value = the replay file's bytes,
 * headers {@value #GAME_HEADER} and {@value #BUILD_HEADER} (UTF-8 text).
 */
public final class Submissions {

    /** The header naming the game the replay was recorded in. */
    public static final String GAME_HEADER = "reprise-game";
    /** The header naming the game build the replay was recorded with. */
    public static final String BUILD_HEADER = "reprise-build";
    /**
     * The header that marks a resubmission: its value is when the original submission was sent, in epoch
     * milliseconds as decimal UTF-8 text ({@code 0} if unknown). A worker verifies a resubmission only if
     * its id has no committed verdict yet, so that one id gets one verdict even when sent again.
     */
    public static final String RESUBMISSION_HEADER = "reprise-resubmission-of";
    /**
     * The longest submission id, in characters, that a verdict carries back whole: a longer id is a poison
     * submission (an {@code INVALID_FILE} verdict keyed by its first characters), so that no verdict can
     * outgrow a Kafka message.
     */
    public static final int MAX_ID_LENGTH = 1024;

    private Submissions() {
    }

    /**
     * Makes the record that submits a replay for verification.
     *
     * @param topic the submissions topic
     * @param id the submission id (the key; verdicts carry it back)
     * @param replay the replay file's bytes
     * @param game the game id
     * @param build the game build
     * @return the record to send
     */
    public static ProducerRecord<String, byte[]> record(String topic, String id, byte[] replay, String game, String build) {
        ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, id, replay);
        record.headers().add(GAME_HEADER, game.getBytes(StandardCharsets.UTF_8));
        record.headers().add(BUILD_HEADER, build.getBytes(StandardCharsets.UTF_8));
        return record;
    }

    /**
     * Makes the record that submits a replay again, after its verdict did not come: a worker verifies it
     * only if the id has no committed verdict, and otherwise lets it pass without a second verdict.
     *
     * @param topic the submissions topic
     * @param id the submission id, the same as the original's
     * @param replay the replay file's bytes
     * @param game the game id
     * @param build the game build
     * @param originalSentAt when the original was sent (its record timestamp), or {@code Instant.EPOCH} if
     *     unknown: the worker then reads the whole verdict partition for it
     * @return the record to send
     */
    public static ProducerRecord<String, byte[]> resubmission(String topic, String id, byte[] replay, String game,
            String build, Instant originalSentAt) {
        ProducerRecord<String, byte[]> record = record(topic, id, replay, game, build);
        record.headers().add(RESUBMISSION_HEADER,
                Long.toString(Math.max(0, originalSentAt.toEpochMilli())).getBytes(StandardCharsets.UTF_8));
        return record;
    }

    /**
     * Reads a submission record into a {@link Submission}.
     *
     * @param sequence the delivery number to give it
     * @param record the record read from the submissions topic
     * @return the submission
     */
    static Submission of(long sequence, ConsumerRecord<String, byte[]> record) {
        String id = record.key() == null ? "" : record.key();
        byte[] replay = record.value() == null ? new byte[0] : record.value();
        return new Submission(sequence, id, replay, header(record.headers(), GAME_HEADER),
                header(record.headers(), BUILD_HEADER),
                new TopicPartition(record.topic(), record.partition()), record.offset(),
                resubmissionOf(header(record.headers(), RESUBMISSION_HEADER)));
    }

    /** The original's send time a resubmission header gives; 0 if it is not a number; -1 without the header. */
    private static long resubmissionOf(@Nullable String header) {
        if (header == null) {
            return -1;
        }
        try {
            return Math.max(0, Long.parseLong(header.strip()));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /**
     * Returns why a submission cannot be verified at all, or {@code null} if it can be tried.
     *
     * @param submission the submission
     * @param verifier the verifier that would verify it
     * @return the reason to reject it, or {@code null}
     */
    static @Nullable String poison(Submission submission, SubmissionVerifier verifier) {
        if (submission.id().isEmpty()) {
            return "the submission has no id (record key)";
        }
        if (submission.id().length() > MAX_ID_LENGTH) {
            return "the submission id (record key) has " + submission.id().length() + " characters, more than the "
                    + MAX_ID_LENGTH + " a verdict carries back";
        }
        if (submission.replay().length == 0) {
            return "the submission has no replay bytes (record value)";
        }
        if (submission.game() == null) {
            return "the submission has no '" + GAME_HEADER + "' header";
        }
        if (!verifier.knowsGame(submission.game())) {
            return "unknown game '" + submission.game() + "'";
        }
        return null;
    }

    /** The verdict record's key for a submission id: the id, cut to {@link #MAX_ID_LENGTH} characters. */
    static String key(String id) {
        if (id.length() <= MAX_ID_LENGTH) {
            return id;
        }
        int end = Character.isHighSurrogate(id.charAt(MAX_ID_LENGTH - 1)) ? MAX_ID_LENGTH - 1 : MAX_ID_LENGTH;
        return id.substring(0, end);
    }

    private static @Nullable String header(Headers headers, String name) {
        Header header = headers.lastHeader(name);
        return header == null || header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}

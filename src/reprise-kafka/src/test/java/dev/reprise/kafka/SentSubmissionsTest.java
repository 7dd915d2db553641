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

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

/** What a submitter remembers of its sends, on a clock the test moves by hand. */
class SentSubmissionsTest {

    private static final long SECOND = Duration.ofSeconds(1).toNanos();
    private final SentSubmissions sent = new SentSubmissions(Duration.ofSeconds(10));

    @Test
    void aVerdictReadBeforeTheSendIsAcknowledged_stillAnswersIt() {
        sent.sending("a", 1_000, 0);
        sent.answered("a"); // the worker was quicker than the acknowledgement
        sent.acknowledged("a", 1_005);
        assertThat(sent.pending()).isZero();
        assertThat(sent.unanswered(100 * SECOND)).isEmpty();
    }

    @Test
    void pastTheDeadline_eachIsReportedOnce_andListedUntilItsVerdict() {
        sent.sending("a", 1_000, 0);
        sent.acknowledged("a", 1_005);
        sent.sending("b", 2_000, 5 * SECOND);
        assertThat(sent.overdue(9 * SECOND)).isEmpty();
        assertThat(sent.overdue(10 * SECOND)).containsExactly("a");
        assertThat(sent.overdue(11 * SECOND)).as("reported once").isEmpty();
        assertThat(sent.unanswered(15 * SECOND)).containsExactly(
                new UnansweredSubmission("a", Instant.ofEpochMilli(1_005), 1),
                new UnansweredSubmission("b", Instant.ofEpochMilli(2_000), 1));
        sent.answered("a");
        assertThat(sent.unanswered(15 * SECOND)).extracting(UnansweredSubmission::id).containsExactly("b");
    }

    @Test
    void aResubmission_keepsTheFirstSendsTime_andRestartsTheClock() {
        sent.sending("a", 1_000, 0);
        sent.acknowledged("a", 1_005);
        sent.sending("a", 50_000, 20 * SECOND);
        sent.acknowledged("a", 50_010);
        assertThat(sent.sentAt("a")).hasValue(1_005);
        assertThat(sent.unanswered(29 * SECOND)).isEmpty();
        assertThat(sent.unanswered(30 * SECOND)).containsExactly(
                new UnansweredSubmission("a", Instant.ofEpochMilli(1_005), 2));
    }

    @Test
    void aRefusedSend_isForgotten_butARefusedResubmissionLeavesTheOriginal() {
        sent.sending("a", 1_000, 0);
        sent.failed("a");
        assertThat(sent.pending()).isZero();
        sent.sending("b", 1_000, 0);
        sent.acknowledged("b", 1_001);
        sent.sending("b", 9_000, 8 * SECOND);
        sent.failed("b");
        assertThat(sent.pending()).isEqualTo(1);
        assertThat(sent.sentAt("b")).hasValue(1_001);
    }

    @Test
    void aDeadlineTooLongToCount_neverPasses() {
        SentSubmissions never = new SentSubmissions(ChronoUnit.FOREVER.getDuration());
        never.sending("a", 1_000, 0);
        assertThat(never.unanswered(Long.MAX_VALUE)).isEmpty();
        assertThat(never.overdue(Long.MAX_VALUE)).isEmpty();
    }
}

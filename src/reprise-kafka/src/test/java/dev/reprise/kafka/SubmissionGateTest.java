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

import dev.reprise.json.VerdictJson;
import dev.reprise.verify.Outcome;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.MockConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import reactor.test.publisher.TestPublisher;
import reactor.test.subscriber.TestSubscriber;

/**
 * The gate between the delivered submissions and the verifier, kept by a committer over mock clients: what
 * starts when, what one commit records, and what a successor does with what a dead worker left.
 */
class SubmissionGateTest {

    private static final TopicPartition P0 = new TopicPartition("subs", 0);
    private static final TopicPartition P1 = new TopicPartition("subs", 1);

    /** One run: its clients, its committer, the gate's upstream and the verifier's side of it. */
    private static final class Run {
        final MockProducer<String, String> producer =
                new MockProducer<>(true, null, new StringSerializer(), new StringSerializer());
        final MockConsumer<String, byte[]> consumer;
        final VerdictCommitter committer;
        final TestPublisher<Submission> upstream = TestPublisher.createCold();
        final TestSubscriber<Submission> verifier = TestSubscriber.builder().initialRequest(100).build();

        Run(String incarnation, MockConsumer<String, byte[]> consumer) {
            this.consumer = consumer;
            producer.initTransactions();
            // The commit interval never passes by itself here: every commit is one the gate asked for.
            committer = new VerdictCommitter(producer, "verdicts", Duration.ofDays(1), () -> { }, new WorkerMeters(),
                    incarnation, 2, 10, null);
            committer.gated(upstream.flux()).subscribe(verifier);
        }

        Submission deliver(TopicPartition partition, long offset) {
            Submission submission = committer.track(new ConsumerRecord<>(partition.topic(), partition.partition(),
                    offset, "id-" + partition.partition() + "-" + offset, new byte[] {1}));
            upstream.next(submission);
            return submission;
        }

        void finish(Submission submission) {
            committer.offer(new VerifiedSubmission(submission.sequence(), submission.id(), "VALID",
                    "{\"id\":\"" + submission.id() + "\"}"));
        }

        List<String> started() {
            return verifier.getReceivedOnNext().stream().map(Submission::id).toList();
        }

        List<String> published() {
            return producer.history().stream().map(ProducerRecord::key).toList();
        }

        /** The offsets committed last for a partition, as the next owner reads them. */
        Map<TopicPartition, OffsetAndMetadata> lastCommitted() {
            Map<TopicPartition, OffsetAndMetadata> last = new java.util.HashMap<>();
            producer.consumerGroupOffsetsHistory().forEach(group -> group.values().forEach(last::putAll));
            return last;
        }
    }

    /** A consumer the partitions are assigned to: the mock answers committed() for those only, and forgets on assign. */
    private static MockConsumer<String, byte[]> consumer() {
        MockConsumer<String, byte[]> consumer = new MockConsumer<>("earliest");
        consumer.assign(List.of(P0, P1));
        return consumer;
    }

    @Test
    void aSubmissionStarts_onlyOnceACommittedTransactionRecordedItsWindow() {
        Run run = new Run("a", consumer());
        run.deliver(P0, 0);
        run.deliver(P0, 1);
        assertThat(run.started()).as("nothing recorded yet").isEmpty();
        run.committer.onPoll(run.consumer);
        assertThat(run.started()).containsExactly("id-0-0", "id-0-1");
        assertThat(run.producer.consumerGroupOffsetsHistory()).hasSize(1);
        assertThat(run.lastCommitted().get(P0)).isEqualTo(new OffsetAndMetadata(0, "reprise-attempts/1;o=a;w=11"));
        assertThat(run.published()).as("a window alone publishes no verdict").isEmpty();
        // Inside the window: starts at once, without another transaction.
        run.deliver(P0, 2);
        assertThat(run.started()).containsExactly("id-0-0", "id-0-1", "id-0-2");
        assertThat(run.producer.consumerGroupOffsetsHistory()).hasSize(1);
    }

    @Test
    void aDeadWorkersSuspects_startOneAtATimeAlone_andOneThatKillsItsWorkerTwice_getsAFailedVerdict() {
        MockConsumer<String, byte[]> consumer = consumer();
        // A worker died with offsets 0..3 of P0 in its window.
        consumer.commitSync(Map.of(P0, new OffsetAndMetadata(0, "reprise-attempts/1;o=dead;w=3")));
        Run b = new Run("b", consumer);
        Submission first = b.deliver(P0, 0);
        Submission second = b.deliver(P0, 1);
        b.deliver(P1, 0); // no suspect, but it waits behind the suspects
        b.committer.onPoll(consumer);
        assertThat(b.started()).as("the first suspect, alone").containsExactly("id-0-0");
        assertThat(b.lastCommitted().get(P0).metadata()).contains(";s=3", ";r=0");
        b.committer.onPoll(consumer);
        assertThat(b.started()).as("nothing else while it is in work").containsExactly("id-0-0");
        b.finish(first);
        b.committer.onPoll(consumer);
        assertThat(b.started()).containsExactly("id-0-0", "id-0-1");
        assertThat(b.published()).containsExactly("id-0-0");
        assertThat(b.lastCommitted().get(P0)).extracting(OffsetAndMetadata::offset).isEqualTo(1L);
        assertThat(b.lastCommitted().get(P0).metadata()).contains(";r=1");

        // b dies with offset 1 alone in its work: c takes the partition over from what b committed.
        consumer.commitSync(b.lastCommitted());
        Run c = new Run("c", consumer);
        c.deliver(P0, 1);
        Submission third = c.deliver(P0, 2);
        c.committer.onPoll(consumer);
        assertThat(c.started()).as("offset 1 is not tried a third time; 2 is next, alone").containsExactly("id-0-2");
        assertThat(c.published()).as("the FAILED verdict, with the record of 2's attempt").containsExactly("id-0-1");
        c.finish(third);
        c.committer.onClose(consumer, true);
        assertThat(c.published()).containsExactly("id-0-1", "id-0-2");
        String failed = c.producer.history().get(0).value();
        assertThat(VerdictJson.read(failed).outcome()).isEqualTo(Outcome.FAILED);
        assertThat(VerdictJson.read(failed).reason()).contains("in work when its worker died, 2 times");
        assertThat(c.lastCommitted().get(P0).offset()).isEqualTo(3);
        assertThat(second.id()).isEqualTo("id-0-1");
    }

    @Test
    void anOrderlyStop_leavesNoWindowForTheNextOwner() {
        MockConsumer<String, byte[]> consumer = consumer();
        Run a = new Run("a", consumer);
        Submission s = a.deliver(P0, 0);
        a.committer.onPoll(consumer);
        a.finish(s);
        a.committer.onClose(consumer, true);
        assertThat(a.lastCommitted().get(P0)).isEqualTo(new OffsetAndMetadata(1, "reprise-attempts/1;o=a"));
        consumer.commitSync(a.lastCommitted());
        Run b = new Run("b", consumer);
        b.deliver(P0, 1);
        b.committer.onPoll(consumer);
        assertThat(b.started()).as("no suspect: a normal start").containsExactly("id-0-1");
        assertThat(b.lastCommitted().get(P0).metadata()).doesNotContain(";r=", ";s=");
    }

    @Test
    void heldSubmissionsOnStop_areAbandoned_soTheStopNeedNotWaitForThem() {
        Run a = new Run("a", consumer());
        a.deliver(P0, 0);
        assertThat(a.committer.isIdle()).isFalse();
        a.upstream.complete();
        assertThat(a.verifier.isTerminated()).isTrue();
        assertThat(a.started()).isEmpty();
        assertThat(a.committer.isIdle()).isTrue();
    }
}

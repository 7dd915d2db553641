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

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/** The attempts ledger alone: what owners write in the committed metadata and what their successors read. */
class AttemptLedgerTest {

    private static final TopicPartition P = new TopicPartition("subs", 0);
    private static final int LOOKAHEAD = 10;

    /** A ledger of one owner, with the partition's committed offset and metadata read. */
    private static AttemptLedger owner(String incarnation, OffsetAndMetadata committed) {
        AttemptLedger ledger = new AttemptLedger(incarnation, LOOKAHEAD);
        ledger.load(P, committed);
        return ledger;
    }

    /** Commits what the ledger wants recorded now and returns what was committed for the partition. */
    private static OffsetAndMetadata commit(AttemptLedger ledger, Map<TopicPartition, OffsetAndMetadata> advancing,
            Set<TopicPartition> cleaning) {
        Map<TopicPartition, OffsetAndMetadata> offsets = ledger.offsets(advancing, cleaning);
        ledger.committed(offsets);
        return offsets.get(P);
    }

    @Test
    void aSubmissionStartsOnlyInsideACommittedWindow_whichReachesAPollAhead() {
        AttemptLedger a = owner("a", null);
        a.delivered(P, 0);
        a.delivered(P, 3);
        assertThat(a.covered(P, 0)).isFalse();
        a.wantWindow(P);
        assertThat(a.wantsCommit()).isTrue();
        OffsetAndMetadata committed = commit(a, Map.of(), Set.of());
        assertThat(committed.offset()).as("nothing was committed before: the group starts at the first").isZero();
        assertThat(committed.metadata()).isEqualTo("reprise-attempts/1;o=a;w=13");
        assertThat(a.covered(P, 13)).isTrue();
        assertThat(a.covered(P, 14)).isFalse();
        assertThat(a.wantsCommit()).isFalse();
        assertThat(a.deaths(P, 0)).isZero();
    }

    @Test
    void aDeadOwnersWindow_makesEveryOffsetInItASuspectWithOneDeath() {
        AttemptLedger a = owner("a", null);
        a.delivered(P, 0);
        a.wantWindow(P);
        OffsetAndMetadata left = commit(a, Map.of(), Set.of());
        // a dies: b reads what a committed last
        AttemptLedger b = owner("b", left);
        assertThat(b.deaths(P, 0)).isEqualTo(1);
        assertThat(b.deaths(P, 10)).isEqualTo(1);
        assertThat(b.deaths(P, 11)).as("past the window: never in a's work").isZero();
    }

    @Test
    void aSuspectDeadAloneTwice_countsTwoDeaths_andEachRecordNamesItsOwner() {
        OffsetAndMetadata deadWindow = new OffsetAndMetadata(5, "reprise-attempts/1;o=a;w=8");
        AttemptLedger b = owner("b", deadWindow);
        b.delivered(P, 5);
        b.wantAlone(P, 5);
        OffsetAndMetadata alone = commit(b, Map.of(), Set.of());
        assertThat(alone.metadata()).isEqualTo("reprise-attempts/1;o=b;s=8@a;w=15;r=5");
        assertThat(b.aloneRecorded(P, 5)).isTrue();
        // b dies while 5 is alone in its work
        AttemptLedger c = owner("c", alone);
        assertThat(c.deaths(P, 5)).isEqualTo(2);
        assertThat(c.deaths(P, 6)).isEqualTo(1);
        assertThat(c.deaths(P, 15)).as("b's window: b died with them possibly in work").isEqualTo(1);
        assertThat(c.deaths(P, 16)).isZero();
        // c dies too, with 5 alone in its work: d reads 5's deaths, and they go on counting.
        c.delivered(P, 5);
        c.wantAlone(P, 5);
        OffsetAndMetadata again = commit(c, Map.of(), Set.of());
        assertThat(again.metadata()).isEqualTo("reprise-attempts/1;o=c;s=15@*;d=5:1;w=15;r=5");
        assertThat(owner("d", again).deaths(P, 5)).isEqualTo(3);
    }

    @Test
    void theSameIncarnationReadingItsOwnRecords_countsNoDeath() {
        OffsetAndMetadata deadWindow = new OffsetAndMetadata(5, "reprise-attempts/1;o=a;w=8");
        AttemptLedger b = owner("b", deadWindow);
        b.delivered(P, 5);
        b.wantAlone(P, 5);
        OffsetAndMetadata alone = commit(b, Map.of(), Set.of());
        // b's run failed with a Kafka error (it did not die); its next run reads its own record back
        AttemptLedger again = owner("b", alone);
        assertThat(again.deaths(P, 5)).as("only a's death").isEqualTo(1);
        assertThat(again.deaths(P, 9)).as("b's own window is no death").isZero();
    }

    @Test
    void anOrderlyRevocation_leavesNoWindowAndNoAttempt_butKeepsEarlierDeaths() {
        OffsetAndMetadata earlier = new OffsetAndMetadata(5, "reprise-attempts/1;o=a;s=7@a;d=5:1;w=6");
        AttemptLedger b = owner("b", earlier);
        assertThat(b.deaths(P, 5)).isEqualTo(2);
        assertThat(b.deaths(P, 7)).isEqualTo(1);
        b.delivered(P, 5);
        b.wantAlone(P, 5);
        commit(b, Map.of(), Set.of());
        OffsetAndMetadata cleaned = commit(b, Map.of(), Set.of(P));
        assertThat(cleaned.metadata()).isEqualTo("reprise-attempts/1;o=b;s=7@a;d=5:1");
        AttemptLedger c = owner("c", cleaned);
        assertThat(c.deaths(P, 5)).isEqualTo(2);
        assertThat(c.deaths(P, 8)).isZero();
    }

    @Test
    void suspectsAWorkersFailedRunLeft_areNoDeathsWhenItReadsThemBackThroughAnother() {
        // a's run failed (a Kafka error, not a death) with a window; b took the partition over meanwhile.
        OffsetAndMetadata failedRun = new OffsetAndMetadata(5, "reprise-attempts/1;o=a;w=9");
        AttemptLedger b = owner("b", failedRun);
        assertThat(b.deaths(P, 5)).isEqualTo(1);
        b.delivered(P, 5);
        b.wantAlone(P, 5);
        commit(b, Map.of(), Set.of());
        // a's next run is back: b gives the partition up in order, and a reads what b wrote.
        OffsetAndMetadata handedBack = commit(b, Map.of(), Set.of(P));
        assertThat(handedBack.metadata()).isEqualTo("reprise-attempts/1;o=b;s=9@a");
        AttemptLedger aAgain = owner("a", handedBack);
        assertThat(aAgain.deaths(P, 5)).as("a knows it did not die").isZero();
        assertThat(owner("c", handedBack).deaths(P, 5)).as("to anyone else, a stopped without an orderly end")
                .isEqualTo(1);
    }

    @Test
    void verdictsCommittedPastTheSuspects_endTheirRecords() {
        AttemptLedger b = owner("b", new OffsetAndMetadata(5, "reprise-attempts/1;o=a;d=5:3;s=6;w=6"));
        b.delivered(P, 5);
        b.delivered(P, 6);
        b.delivered(P, 7);
        OffsetAndMetadata past = commit(b, Map.of(P, new OffsetAndMetadata(7)), Set.of());
        assertThat(past.offset()).isEqualTo(7);
        assertThat(past.metadata()).isEqualTo("reprise-attempts/1;o=b;w=17");
        assertThat(b.deaths(P, 7)).isZero();
    }

    @Test
    void metadataOfAnotherKindOrDamaged_meansNoSuspects() {
        for (String metadata : List.of("", "some other tool", "reprise-attempts/1;w=x", "reprise-attempts/1;d=5")) {
            AttemptLedger b = owner("b", new OffsetAndMetadata(5, metadata));
            assertThat(b.deaths(P, 5)).as(metadata).isZero();
            assertThat(b.known(P)).isTrue();
        }
        AttemptLedger later = owner("b", new OffsetAndMetadata(5, "reprise-attempts/1;o=a;w=6;x=later"));
        assertThat(later.deaths(P, 6)).as("a field of a later version is ignored").isEqualTo(1);
    }

    @Test
    void partitionsNotRead_areCommittedWithoutMetadata_andAskedFor() {
        AttemptLedger a = new AttemptLedger("a", LOOKAHEAD);
        a.delivered(P, 4);
        assertThat(a.known(P)).isFalse();
        assertThat(a.unknown()).containsExactly(P);
        assertThat(a.offsets(Map.of(P, new OffsetAndMetadata(5)), Set.of()))
                .containsExactly(Map.entry(P, new OffsetAndMetadata(5)));
    }
}

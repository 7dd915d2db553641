package dev.reprise.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.json.VerdictJson;
import org.junit.jupiter.api.Test;

/** The longest id a submission may have fits the verdict's JSON whole, every character escaped. */
class SubmissionIdBoundTest {

    @Test
    void maxIdBytes_holdsTheLongestSubmissionIdAllEscaped() {
        assertThat(VerdictJson.MAX_ID_BYTES).isEqualTo(6 * Submissions.MAX_ID_LENGTH);
        String longest = "\u0001".repeat(Submissions.MAX_ID_LENGTH);
        assertThat(VerdictJson.bounded(longest, VerdictJson.MAX_ID_BYTES)).isSameAs(longest);
    }
}

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

/**
 * The wire format of a verdict: {@link dev.reprise.json.VerdictJson} writes and reads one
 * {@link dev.reprise.verify.Verdict} as one line of JSON, the same for the Kafka worker's verdicts topic,
 * its submitter and the replay tool's {@code verify --json}.
 */
@NullMarked
package dev.reprise.json;

import org.jspecify.annotations.NullMarked;

package dev.reprise.kafka;

import dev.reprise.internal.support.VerdictJsonFormat;
import dev.reprise.verify.Verdict;

/**
 * The wire format of a verdict on the verdicts topic (and of the replay tool's {@code verify --json}
 * lines): one JSON object on one line, written and read with Jackson.
 *
 * <p>Version {@value #VERSION}: {@code {"version":1,"id":..,"position":..,"outcome":"VALID","valid":true,
 * "stepReached":..,"stepCount":..,"expectedHash":"16 hex digits"|null,"actualHash":..|null,"reason":..,
 * "elapsedMillis":1.234}} ({@code elapsedMillis} has microsecond precision). A later version only adds
 * fields; a reader ignores fields it does not know. {@code outcome} is the name of an {@link
 * dev.reprise.verify.Outcome}; a reader refuses one it does not know, naming it, so a reader older than an
 * outcome ({@code UNKNOWN_BUILD}, from a worker serving several builds) fails that submission's verdict as
 * unreadable: update the readers before the workers. The id and the reason are bounded (at 6 KiB and
 * 16 KiB of JSON), so that no submission can make a verdict larger than a Kafka message; a longer one is
 * cut and says how many characters were left out. Stateless and thread-safe.
 */
public final class VerdictJson {

    /** The format version this class writes and the newest it reads. */
    public static final int VERSION = VerdictJsonFormat.VERSION;

    private VerdictJson() {
    }

    /**
     * Writes a verdict as one line of JSON, its id and reason bounded.
     *
     * @param verdict the verdict
     * @return the JSON object, without a line break
     */
    public static String write(Verdict verdict) {
        return VerdictJsonFormat.write(verdict);
    }

    /**
     * Reads a verdict written by {@link #write} (this or an earlier version).
     *
     * @param json one JSON object
     * @return the verdict
     * @throws IllegalArgumentException if it is not JSON, has a newer version, or lacks a field (the message
     *     names it)
     */
    public static Verdict read(String json) {
        return VerdictJsonFormat.read(json);
    }
}

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
package dev.reprise.tool;

import dev.reprise.verify.LockstepResult;
import org.jspecify.annotations.Nullable;

/**
 * One replay's line of {@code diff} or {@code determinism}: what was found where two runs of it were compared.
 *
 * @param position its place among the replays given
 * @param id       the path, as the tool shows it
 * @param status   {@code SAME}, {@code DETERMINISTIC}, {@code PARTS}, {@code FAILS} or {@code UNREADABLE}
 * @param check    for {@code determinism}, the check the line is about ({@code games} or {@code snapshot}); else null
 * @param result   the comparison's result, or null when none ran (an unreadable file, a build not installed)
 * @param reason   what was compared, or why it failed
 */
record PartingRow(int position, String id, String status, @Nullable String check, @Nullable LockstepResult result,
                  String reason) {

    /** The statuses of a replay whose runs did not part. */
    static boolean alike(String status) {
        return status.equals("SAME") || status.equals("DETERMINISTIC");
    }

    /** A replay that could not be read. */
    static PartingRow unreadable(int position, String id, String reason) {
        return new PartingRow(position, id, "UNREADABLE", null, null, reason);
    }

    /** A replay that could not be compared, with no comparison run. */
    static PartingRow fails(int position, String id, String reason) {
        return new PartingRow(position, id, "FAILS", null, null, reason);
    }

    /**
     * A replay's comparison: SAME (or {@code alike}, for determinism) when its runs did not part.
     *
     * @param alike the status of runs that did not part
     */
    static PartingRow of(int position, String id, String alike, @Nullable String check, LockstepResult result) {
        String status = switch (result.status()) {
            case SAME -> alike;
            case PARTS -> "PARTS";
            case FAILS, SKIPPED -> "FAILS";
        };
        return new PartingRow(position, id, status, check, result, result.reason());
    }

    /** @return the line: e.g. {@code a.reprise: PARTS (games) at step 9 (sell, [2]) after 9 steps alike: gold 52 ≠ 44} */
    String line() {
        LockstepResult r = result;
        String text;
        if (status.equals("UNREADABLE") || r == null) {
            text = status + ": " + reason;
        } else if (r.status() == LockstepResult.Status.PARTS) {
            text = r.line().replaceFirst("^PARTS", check == null ? "PARTS" : "PARTS (" + check + ")");
        } else if (r.status() == LockstepResult.Status.SAME) {
            text = status + " (" + reason + ")";
        } else {
            text = "FAILS" + (check == null ? "" : " (" + check + ")") + r.line().substring(r.line().indexOf(' '));
        }
        return id + ": " + text;
    }
}

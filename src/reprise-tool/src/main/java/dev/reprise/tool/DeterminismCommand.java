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

import dev.reprise.io.ReplayFile;
import dev.reprise.verify.Lockstep;
import dev.reprise.verify.LockstepResult;
import dev.reprise.verify.ReplayVerifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code determinism}: two checks of each replay on one build. {@code games}: two fresh games of the build,
 * in one class loader, play the route side by side (state shared between games, such as a static random
 * generator or cache, makes them part). {@code snapshot}: the game restored from its own snapshots at each
 * checkpoint, as into a fresh game, side by side with one never restored (a snapshot that forgets a field
 * makes them part); skipped, and said so, for a game without snapshots. One line per replay: DETERMINISTIC,
 * PARTS (the check, the step, the fields), FAILS or UNREADABLE.
 */
@Command(name = "determinism", description = {
    "Plays each replay twice side by side on one build and compares the states after every step: two fresh "
        + "games in one class loader (check \"games\": catches state shared between games), and a game restored "
        + "from its own snapshots at each checkpoint against one never restored (check \"snapshot\": catches a "
        + "snapshot that forgets a field; skipped for a game without snapshots). Says of each replay: "
        + "DETERMINISTIC, PARTS (check) at step N (command, params) after N steps alike: field left \u2260 right; "
        + "..., FAILS or UNREADABLE. The build: the class path's game (--game chooses one), or the jar of --builds "
        + "that plays the replay's build (--build chooses one).",
    "Exit code 0 if every replay is DETERMINISTIC, 1 if one is not, 125 if nothing could run."})
final class DeterminismCommand extends LockstepCommand {

    private static final String DETERMINISTIC = "DETERMINISTIC";

    @Mixin
    GameOptions games = new GameOptions();

    @Override
    public Integer call() {
        InstalledGames installed;
        try {
            installed = games.open(this);
        } catch (IllegalArgumentException e) {
            return notRun(e.getMessage());
        }
        try (installed) {
            Lockstep lockstep = lockstep();
            return report((position, id, file) -> {
                InstalledGames.Installed on;
                try {
                    on = installed.playing(file);
                } catch (IllegalArgumentException e) {
                    return PartingRow.fails(position, id, String.valueOf(e.getMessage()));
                }
                return check(position, id, file, on, lockstep);
            });
        }
    }

    private PartingRow check(int position, String id, ReplayFile file, InstalledGames.Installed on,
                             Lockstep lockstep) {
        ReplayVerifier verifier = on.provider().verifier().build();
        ReplayFile played = verifier.upgrade(file);
        List<String> checked = new ArrayList<>();
        LockstepResult first = null;
        for (Lockstep.Check check : Lockstep.Check.values()) {
            LockstepResult result = await(lockstep.check(check, played, verifier.games()));
            if (first == null) {
                first = result;
            }
            if (result.status() == LockstepResult.Status.SKIPPED) {
                checked.add(check.label() + ": skipped, " + result.reason());
            } else if (result.status() != LockstepResult.Status.SAME) {
                return PartingRow.of(position, id, DETERMINISTIC, check.label(), result);
            } else {
                checked.add(check.label() + ": " + result.reason());
            }
        }
        return new PartingRow(position, id, DETERMINISTIC, null, Objects.requireNonNull(first, "a check ran"),
                String.join("; ", checked));
    }
}

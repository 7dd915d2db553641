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
package dev.reprise.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.reprise.command.CommandDictionary;
import dev.reprise.route.ReplayArray;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReplayCompatibilityTest {

    private static final CommandDictionary GAME = CommandDictionary.of(Map.of(0, "up", 1, "right", 4, "teleport",
            5, "useItem"));

    private static ReplayFile recorded(String gameId, String build, CommandDictionary dictionary) {
        ReplayArray route = new ReplayArray();
        route.add(0);
        route.add(1);
        route.add(5, 47);
        route.add(9, "custom");
        route.add(9, "again");
        route.add(12);
        return ReplayFile.builder(route.saveState()).gameId(gameId).gameBuild(build).dictionary(dictionary).build();
    }

    @Test
    void matchingFile_passes() {
        ReplayArray route = new ReplayArray();
        route.add(0);
        route.add(4, 1, 2);
        ReplayFile file = ReplayFile.builder(route.saveState()).gameId("tower").gameBuild("2")
                .dictionary(GAME).build();

        assertThat(ReplayCompatibility.builder("tower", GAME).requireBuild("2").build().check(file)).isSameAs(file);
    }

    @Test
    void everyMismatch_isReportedAtOnce() {
        ReplayFile file = recorded("other-tower", "1.0", CommandDictionary.of(Map.of(0, "up", 1, "right",
                5, "equip", 9, "shop")));
        ReplayCompatibility compatibility = ReplayCompatibility.builder("tower", GAME).requireBuild("2.0").build();

        ReplayMismatchException e = catchThrowableOfType(ReplayMismatchException.class, () -> compatibility.check(file));

        assertThat(e.mismatches()).extracting(ReplayMismatch::kind).containsExactly(
                ReplayMismatch.Kind.OTHER_GAME, ReplayMismatch.Kind.OTHER_BUILD, ReplayMismatch.Kind.RENAMED_CODE,
                ReplayMismatch.Kind.UNKNOWN_CODE, ReplayMismatch.Kind.UNKNOWN_CODE);
        assertThat(e.mismatches()).extracting(ReplayMismatch::code).containsExactly(-1, -1, 5, 9, 12);
        assertThat(e.getMessage())
                .startsWith("The replay does not fit this game (5 mismatches):")
                .contains("recorded by game \"other-tower\", but this is game \"tower\"")
                .contains("recorded by build \"1.0\", but this is build \"2.0\"")
                .contains("code 5 (\"equip\" in the file) is used by 1 step, first at step 2, but this game registers it as \"useItem\"")
                .contains("code 9 (\"shop\" in the file) is used by 2 steps, first at step 3, but this game registers no command 9")
                .contains("code 12 is used by 1 step, first at step 5, but this game registers no command 12");
    }

    @Test
    void anyBuild_isAcceptedUnlessRequired() {
        ReplayFile file = recorded("tower", "9.9", CommandDictionary.empty());

        assertThat(ReplayCompatibility.builder("tower", GAME).build().mismatches(file))
                .extracting(ReplayMismatch::kind)
                .containsExactly(ReplayMismatch.Kind.UNKNOWN_CODE, ReplayMismatch.Kind.UNKNOWN_CODE);
    }

    @Test
    void codesTheRouteNeverUses_doNotMatter() {
        ReplayArray route = new ReplayArray();
        route.add(0);
        ReplayFile file = ReplayFile.builder(route.saveState()).gameId("tower")
                .dictionary(CommandDictionary.of(Map.of(0, "up", 200, "removed since"))).build();

        assertThat(ReplayCompatibility.builder("tower", GAME).build().mismatches(file)).isEmpty();
    }
}

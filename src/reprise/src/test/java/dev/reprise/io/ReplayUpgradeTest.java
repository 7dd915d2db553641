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
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.reprise.command.CommandDictionary;
import dev.reprise.route.CommandWidth;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayStep;
import dev.reprise.testing.RouteSteps;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReplayUpgradeTest {

    /** Build 1's commands: move(dx, dy), jump, mark (no effect), hash. */
    private static final CommandDictionary BUILD_1 = CommandDictionary.of(Map.of(1, "move", 2, "jump", 3, "mark",
            9, "hash"));
    /** Build 2: jump renamed leap and moved to code 7, mark gone, hash moved to 300. */
    private static final CommandDictionary BUILD_2 = CommandDictionary.of(Map.of(1, "move", 7, "leap", 300, "hash"));

    private static ReplayFile buildOne() {
        ReplayArray route = new ReplayArray();
        route.add(1, 1, 0);
        route.add(3);
        route.add(2);
        route.add(9, 12345L);
        route.add(1, 0, -1);
        return ReplayFile.builder(route.saveState()).gameId("g").gameBuild("1").dictionary(BUILD_1)
                .metadata("seed", "7").build();
    }

    @Test
    void upgrade_renamedRenumberedAddedAndRemoved_rewritesEveryStep_andKeepsTheOriginBuild() {
        ReplayUpgrade upgrade = ReplayUpgrade.builder("1", "2").renamed("jump", "leap").paramAdded("move", 2, 1)
                .removed("mark").build();
        ReplayCompatibility compatibility = ReplayCompatibility.builder("g", BUILD_2).upgrade(upgrade).build();

        ReplayFile upgraded = compatibility.check(buildOne());

        assertThat(RouteSteps.of(upgraded)).extracting(ReplayStep::code, ReplayStep::params).containsExactly(
                org.assertj.core.groups.Tuple.tuple(1, List.of(1, 0, 1)),
                org.assertj.core.groups.Tuple.tuple(7, List.of()),
                org.assertj.core.groups.Tuple.tuple(300, List.of(12345)),
                org.assertj.core.groups.Tuple.tuple(1, List.of(0, -1, 1)));
        assertThat(upgraded.save().commandWidth()).isEqualTo(CommandWidth.UINT16); // code 300
        assertThat(upgraded.gameBuild()).isEqualTo("2");
        assertThat(upgraded.dictionary()).isEqualTo(BUILD_2);
        assertThat(upgraded.metadata()).containsExactly(Map.entry("seed", "7"),
                Map.entry(ReplayUpgrade.ORIGIN_BUILD_KEY, "1"));
        assertThat(compatibility.mismatches(buildOne())).isEmpty();
        // The upgraded file reads back as it was built.
        assertThat(ReplayFile.read(upgraded.toBytes())).isEqualTo(upgraded);
    }

    @Test
    void upgrade_paramRemoved_dropsThatParam() {
        ReplayUpgrade upgrade = ReplayUpgrade.builder("1", "2").paramRemoved("move", 0).removed("mark")
                .renamed("jump", "leap").build();

        ReplayFile upgraded = ReplayCompatibility.builder("g", BUILD_2).upgrade(upgrade).build().upgrade(buildOne());

        assertThat(RouteSteps.of(upgraded).get(0).params()).containsExactly(0);
        assertThat(RouteSteps.of(upgraded).get(3).params()).containsExactly(-1);
    }

    @Test
    void upgrade_aChainOfBuilds_goesThroughEach_andKeepsTheFirstOriginBuild() {
        CommandDictionary build3 = CommandDictionary.of(Map.of(1, "walk", 7, "leap", 300, "hash"));
        ReplayCompatibility compatibility = ReplayCompatibility.builder("g", build3)
                .upgrade(ReplayUpgrade.builder("2", "3").renamed("move", "walk").build())
                .upgrade(ReplayUpgrade.builder("1", "2").renamed("jump", "leap").removed("mark").build())
                .build();

        ReplayFile upgraded = compatibility.check(buildOne());
        ReplayFile again = compatibility.upgrade(ReplayCompatibility.builder("g", BUILD_2)
                .upgrade(ReplayUpgrade.builder("1", "2").renamed("jump", "leap").removed("mark").build()).build()
                .upgrade(buildOne()));

        assertThat(upgraded.gameBuild()).isEqualTo("3");
        assertThat(RouteSteps.of(upgraded)).extracting(ReplayStep::code).containsExactly(1, 7, 300, 1);
        assertThat(upgraded.dictionary().asMap()).containsEntry(1, "walk");
        assertThat(again).isEqualTo(upgraded);
        assertThat(again.metadata()).containsEntry(ReplayUpgrade.ORIGIN_BUILD_KEY, "1");
    }

    @Test
    void upgrade_stopsAtTheRequiredBuild() {
        ReplayCompatibility compatibility = ReplayCompatibility.builder("g", BUILD_2).requireBuild("2")
                .upgrade(ReplayUpgrade.builder("1", "2").renamed("jump", "leap").removed("mark").build())
                .upgrade(ReplayUpgrade.builder("2", "3").renamed("move", "walk").build())
                .build();

        assertThat(compatibility.check(buildOne()).gameBuild()).isEqualTo("2");
    }

    @Test
    void upgrade_noUpgradeFromTheFilesBuild_orAnotherGame_returnsTheFileItself() {
        ReplayFile file = buildOne();
        ReplayUpgrade upgrade = ReplayUpgrade.builder("0", "1").build();

        assertThat(ReplayCompatibility.builder("g", BUILD_1).upgrade(upgrade).build().check(file)).isSameAs(file);
        assertThat(ReplayCompatibility.builder("h", BUILD_1).upgrade(ReplayUpgrade.builder("1", "2").build()).build()
                .upgrade(file)).isSameAs(file);
    }

    @Test
    void upgrade_aCommandTheNewBuildLacks_isNotUpgradable_namingTheStep() {
        ReplayCompatibility compatibility = ReplayCompatibility.builder("g", BUILD_2)
                .upgrade(ReplayUpgrade.builder("1", "2").renamed("jump", "leap").build()).build();

        ReplayMismatchException e = catchThrowableOfType(ReplayMismatchException.class,
                () -> compatibility.check(buildOne()));

        assertThat(e.mismatches()).singleElement().satisfies(m -> {
            assertThat(m.kind()).isEqualTo(ReplayMismatch.Kind.NOT_UPGRADABLE);
            assertThat(m.code()).isEqualTo(3);
            assertThat(m.message()).isEqualTo("step 1 is a \"mark\" command after the upgrade from build \"1\" to "
                    + "\"2\", which this game does not register: declare it renamed or removed");
        });
        assertThat(compatibility.mismatches(buildOne())).isEqualTo(e.mismatches());
    }

    @Test
    void upgrade_aStepWithoutTheParamRemoved_isNotUpgradable() {
        ReplayCompatibility compatibility = ReplayCompatibility.builder("g", BUILD_2)
                .upgrade(ReplayUpgrade.builder("1", "2").paramRemoved("jump", 0).renamed("jump", "leap")
                        .removed("mark").build()).build();

        assertThat(compatibility.mismatches(buildOne())).singleElement()
                .extracting(ReplayMismatch::message).isEqualTo("step 2 (\"jump\") has 0 params, but the upgrade from "
                        + "build \"1\" to \"2\" removes param 0");
    }

    @Test
    void upgrade_aFileWithoutADictionary_cannotBeMatched() {
        ReplayFile bare = buildOne().toBuilder().dictionary(CommandDictionary.empty()).build();
        ReplayCompatibility compatibility = ReplayCompatibility.builder("g", BUILD_2)
                .upgrade(ReplayUpgrade.builder("1", "2").build()).build();

        assertThat(compatibility.mismatches(bare)).first().extracting(ReplayMismatch::message).isEqualTo("step 0 uses "
                + "code 1, which the file's dictionary does not name, so the upgrade from build \"1\" to \"2\" cannot "
                + "match it to a command");
    }

    @Test
    void builder_badChanges_areRefusedNamingThem() {
        assertThatThrownBy(() -> ReplayUpgrade.builder("1", "1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("both are \"1\"");
        assertThatThrownBy(() -> ReplayUpgrade.builder("1", "2").renamed("a", "a"))
                .hasMessageContaining("renamed to itself");
        assertThatThrownBy(() -> ReplayUpgrade.builder("1", "2").renamed("a", "b").renamed("c", "b"))
                .hasMessage("renamed: \"a\" is already renamed to \"b\"");
        assertThatThrownBy(() -> ReplayUpgrade.builder("1", "2").removed("a").paramAdded("a", 0, 1))
                .hasMessage("paramAdded: \"a\" is declared removed");
        assertThatThrownBy(() -> ReplayUpgrade.builder("1", "2").renamed("a", "b").removed("a"))
                .hasMessageContaining("already has a change declared");
        assertThatThrownBy(() -> ReplayUpgrade.builder("1", "2").paramAdded("a", 255, 1))
                .hasMessage("paramAdded: a param index is 0..254, was 255");
        assertThatThrownBy(() -> ReplayUpgrade.builder("1", "2").paramAdded("a", 0, 'c'))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cannot be stored in a route");
        assertThatThrownBy(() -> ReplayUpgrade.builder("1", "2").paramRemoved("", 0))
                .hasMessage("paramRemoved: command must not be empty");
    }

    @Test
    void build_paramChangeOnTheNewName_isRefusedNamingTheOldOne() {
        // The new name where the old one is meant: once applied to no step, and "camp" then read a param it lacks.
        assertThatThrownBy(() -> ReplayUpgrade.builder("1", "2").renamed("rest", "camp").paramAdded("camp", 0, 1)
                .build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("upgrade 1 -> 2: a param change is declared on \"camp\", the new name of \"rest\"; every "
                        + "change names the command as build 1's files name it: declare it on \"rest\"");
        assertThatThrownBy(() -> ReplayUpgrade.builder("1", "2").paramRemoved("camp", 0).renamed("rest", "camp")
                .build()).hasMessageContaining("declare it on \"rest\"");
    }

    @Test
    void build_paramChangeOnANameTakenOverFromACommandRenamedAway_isKept() {
        ReplayUpgrade swap = ReplayUpgrade.builder("1", "2").paramAdded("camp", 0, 1).renamed("camp", "tent")
                .renamed("rest", "camp").build();

        assertThat(swap.changes()).containsExactly("added param 0 to \"camp\", default 1",
                "renamed \"camp\" to \"tent\"", "renamed \"rest\" to \"camp\"");
    }

    @Test
    void compatibilityBuilder_twoUpgradesFromOneBuild_orALoop_areRefused() {
        ReplayCompatibility.Builder builder = ReplayCompatibility.builder("g", BUILD_2)
                .upgrade(ReplayUpgrade.builder("1", "2").build())
                .upgrade(ReplayUpgrade.builder("2", "3").build());

        assertThatThrownBy(() -> builder.upgrade(ReplayUpgrade.builder("1", "3").build()))
                .hasMessage("upgrade: build \"1\" is upgraded already, to \"2\"; it cannot also go to \"3\"");
        assertThatThrownBy(() -> builder.upgrade(ReplayUpgrade.builder("3", "1").build()))
                .hasMessage("upgrade: 3 -> 1 closes a loop of upgrades back to build \"3\"");
    }

    @Test
    void changes_listEachDeclaredChange_andValuesAreEqualByThem() {
        ReplayUpgrade upgrade = ReplayUpgrade.builder("1.4", "1.5").renamed("jump", "leap").paramAdded("move", 1, 1)
                .paramRemoved("shoot", 2).removed("debug").build();

        assertThat(upgrade.changes()).containsExactly("renamed \"jump\" to \"leap\"",
                "added param 1 to \"move\", default 1", "removed param 2 of \"shoot\"", "removed \"debug\"");
        assertThat(upgrade).isEqualTo(ReplayUpgrade.builder("1.4", "1.5").renamed("jump", "leap")
                .paramAdded("move", 1, 1).paramRemoved("shoot", 2).removed("debug").build())
                .hasSameHashCodeAs(ReplayUpgrade.builder("1.4", "1.5").renamed("jump", "leap")
                        .paramAdded("move", 1, 1).paramRemoved("shoot", 2).removed("debug").build())
                .isNotEqualTo(ReplayUpgrade.builder("1.4", "1.5").build());
        assertThat(upgrade.toString()).startsWith("ReplayUpgrade[1.4 -> 1.5: renamed \"jump\" to \"leap\", ");
        assertThat(ReplayUpgrade.builder("1", "2").build()).hasToString("ReplayUpgrade[1 -> 2: codes only]");
    }
}

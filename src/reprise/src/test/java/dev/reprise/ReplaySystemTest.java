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
package dev.reprise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.command.ReplayCode;
import dev.reprise.command.ReplayCommand;
import dev.reprise.playback.PlaybackState;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.CommandWidth;
import dev.reprise.route.ReplayArrayConfig;
import dev.reprise.route.ReplayFormatException;
import dev.reprise.route.ReplaySave;
import dev.reprise.route.ReplayStep;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * {@link ReplaySystem}: commands, recording, sandboxes, save and load as the original engine's system behaves,
 * plus command names, {@code recorded()} and {@code warnings()}.
 */
class ReplaySystemTest {

    private static final ReplayCommand NOOP = ReplayCommand.sync(step -> { });

    private static List<Integer> warningsOf(ReplaySystem system, Runnable action) {
        List<Integer> codes = new CopyOnWriteArrayList<>();
        var subscription = system.warnings().subscribe(w -> codes.add(w.code()));
        action.run();
        subscription.dispose();
        return codes;
    }

    private static SandboxConfig.Builder<String> config(ReplaySystem system, List<String> resets) {
        return SandboxConfig.builder(system.array(), resets::add);
    }

    @Test
    void newSystem_hasAnEmptyUint8Route() {
        ReplaySystem system = new ReplaySystem();
        assertThat(system.array().commandWidth()).isEqualTo(CommandWidth.UINT8);
        assertThat(system.array().length()).isZero();
    }

    @Test
    void registerCommand_thenCommand_findsIt_andOtherCodesAreEmpty() {
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(7, NOOP);
        assertThat(system.command(7)).containsSame(NOOP);
        assertThat(system.command(99)).isEmpty();
        assertThat(system.command(-1)).isEmpty();
    }

    @Test
    void registerCommand_twiceForOneCode_throws_andKeepsTheFirst() {
        ReplaySystem system = new ReplaySystem();
        ReplayCommand second = ReplayCommand.sync(step -> { });
        system.registerCommand(1, "first", NOOP);
        List<Integer> codes = warningsOf(system, () -> {
            assertThatThrownBy(() -> system.registerCommand(1, "second", second))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("code 1 already (\"first\")")
                    .hasMessageContaining("replaceCommand");
            assertThatThrownBy(() -> system.registerCommand(1, second)).isInstanceOf(IllegalStateException.class);
        });
        assertThat(codes).isEmpty();
        assertThat(system.command(1)).containsSame(NOOP);
        assertThat(system.commandDictionary().asMap()).containsEntry(1, "first");
    }

    @Test
    void replaceCommand_swapsTheCommand_andKeepsTheName() {
        ReplaySystem system = new ReplaySystem();
        ReplayCommand second = ReplayCommand.sync(step -> { });
        system.registerCommand(1, "first", NOOP);
        system.replaceCommand(1, second);
        assertThat(system.command(1)).containsSame(second);
        assertThat(system.commandDictionary().asMap()).containsExactly(java.util.Map.entry(1, "first"));
    }

    @Test
    void replaceCommand_withAName_replacesBoth_andRegistersAFreeCode() {
        ReplaySystem system = new ReplaySystem();
        ReplayCommand second = ReplayCommand.sync(step -> { });
        system.registerCommand(1, "first", NOOP);
        system.replaceCommand(1, "renamed", second);
        system.replaceCommand(2, NOOP);
        system.replaceCommand(9, "nine", NOOP);
        assertThat(system.command(1)).containsSame(second);
        assertThat(system.commandDictionary().asMap()).containsExactly(java.util.Map.entry(1, "renamed"),
                java.util.Map.entry(2, "DOWN"), java.util.Map.entry(9, "nine"));
    }

    @Test
    void replaceCommand_rejectsBadCodesAndNames() {
        ReplaySystem system = new ReplaySystem();
        assertThatThrownBy(() -> system.replaceCommand(-1, NOOP)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> system.replaceCommand(65_536, "x", NOOP)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> system.replaceCommand(1, " ", NOOP)).isInstanceOf(IllegalArgumentException.class);
        assertThat(system.commandDictionary().asMap()).isEmpty();
    }

    @Test
    void record_appendsTheStep_andPublishesIt() {
        ReplaySystem system = new ReplaySystem();
        StepVerifier.create(system.recorded())
                .then(() -> {
                    system.record(5, 1, true);
                    assertThat(system.array().length()).isEqualTo(1);
                    assertThat(system.array().get(0)).isEqualTo(new ReplayStep(0, 5, List.of(1, true)));
                })
                .expectNext(new ReplayStep(0, 5, List.of(1, true)))
                .thenCancel()
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void twoSystems_shareNeitherCommandsNorSteps() {
        ReplaySystem first = new ReplaySystem();
        ReplaySystem second = new ReplaySystem();
        first.registerCommand(1, NOOP);
        first.record(1);
        assertThat(second.command(1)).isEmpty();
        assertThat(second.array().length()).isZero();
    }

    @Test
    void createReplaySandbox_resetsTheGameFirst_andHoldsTheReadySandbox() {
        ReplaySystem system = new ReplaySystem();
        List<String> resets = new ArrayList<>();
        ReplaySandbox sandbox = system.createReplaySandbox(config(system, resets).save("save-1").build());
        assertThat(resets).containsExactly("save-1");
        assertThat(system.sandbox()).containsSame(sandbox);
        assertThat(sandbox.state()).isEqualTo(PlaybackState.READY);
    }

    @Test
    void createReplaySandbox_opensAfterTheReset_soResetWritesDoNotExpireIt() {
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(1, NOOP);
        ReplaySandbox sandbox = system.createReplaySandbox(
                SandboxConfig.<String>builder(system.array(), save -> system.record(1)).build());
        sandbox.play();
        StepVerifier.create(sandbox.steps()).expectNextCount(1).expectComplete().verify(Duration.ofSeconds(5));
    }

    @Test
    void releaseSandbox_stopsTheSandbox_andForgetsIt() {
        ReplaySystem system = new ReplaySystem();
        ReplaySandbox sandbox = system.createReplaySandbox(config(system, new ArrayList<>()).build());
        system.releaseSandbox();
        assertThat(sandbox.state()).isEqualTo(PlaybackState.STOPPED);
        assertThat(system.sandbox()).isEmpty();
    }

    @Test
    void releaseSandbox_withoutASandbox_isHarmless() {
        ReplaySystem system = new ReplaySystem();
        system.releaseSandbox();
        assertThat(system.sandbox()).isEmpty();
    }

    @Test
    void disableAndEnable_forwardToTheRoute_andNothingDisabledIsPublished() {
        ReplaySystem system = new ReplaySystem();
        StepVerifier.create(system.recorded().map(ReplayStep::code))
                .then(() -> {
                    system.record(1);
                    system.disable();
                    system.record(2);
                    assertThat(system.array().length()).isEqualTo(1);
                    system.enable();
                    system.record(3);
                    assertThat(system.array().length()).isEqualTo(2);
                    assertThat(system.array().get(1).code()).isEqualTo(3);
                })
                .expectNext(1, 3)
                .thenCancel()
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void loadState_restoresTheSnapshot_andKeepsCommands() {
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(3, NOOP);
        system.record(3, 1, true, "param");
        ReplaySave snapshot = system.saveState().detach();
        system.record(4, 2);
        system.loadState(snapshot);
        assertThat(system.array().length()).isEqualTo(1);
        assertThat(system.array().commandWidth()).isEqualTo(snapshot.commandWidth());
        assertThat(system.array().get(0)).isEqualTo(new ReplayStep(0, 3, List.of(1, true, "param")));
        assertThat(system.command(3)).isPresent();
        assertThat(system.command(4)).isEmpty();
    }

    @Test
    void loadState_copiesTheBytes_andNeverAdoptsTheSave() {
        ReplaySystem system = new ReplaySystem();
        system.record(2, 7);
        ReplaySave snapshot = system.saveState().detach();
        system.record(5, 9);
        system.loadState(snapshot);
        system.record(6);
        assertThat(snapshot.length()).isEqualTo(1);
        assertThat(snapshot.commandBytes()).hasSize(2);
        assertThat(system.array().get(0).code()).isEqualTo(2);
    }

    @Test
    void loadState_withAnOpenSandbox_failsTheSandboxWithWarning156() {
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(1, NOOP);
        system.record(1, 7);
        ReplaySave snapshot = system.saveState().detach();
        system.record(1, 9);
        ReplaySandbox sandbox = system.createReplaySandbox(config(system, new ArrayList<>()).build());
        List<Integer> codes = warningsOf(system, () -> {
            system.loadState(snapshot);
            sandbox.play();
        });
        assertThat(codes).containsExactly(156);
        assertThat(sandbox.state()).isEqualTo(PlaybackState.FAILED);
    }

    @Test
    void saveState_ofAFreshSystem_isAnEmptyUint8Route() {
        ReplaySave save = new ReplaySystem().saveState();
        assertThat(save.length()).isZero();
        assertThat(save.commandWidth()).isEqualTo(CommandWidth.UINT8);
        assertThat(save.commandArray().remaining()).isZero();
        assertThat(save.paramArray().remaining()).isZero();
    }

    @Test
    void disable_nests_andEachEnableUndoesOne() {
        ReplaySystem system = new ReplaySystem();
        system.disable();
        system.record(ReplayCode.RIGHT);
        assertThat(system.array().length()).isZero();
        system.disable();
        system.enable();
        system.record(ReplayCode.RIGHT);
        assertThat(system.array().length()).isZero();
        system.enable();
        system.record(ReplayCode.RIGHT);
        assertThat(system.array().length()).isEqualTo(1);
    }

    @Test
    void record_builtInCodes_storesTheirParams() {
        ReplaySystem system = new ReplaySystem();
        system.record(ReplayCode.UP);
        system.record(ReplayCode.TELEPORT, 3, 4);
        system.record(ReplayCode.USE_ITEM, 12);
        system.record(ReplayCode.EQUIP, 99, 1, true);
        system.record(ReplayCode.UNEQUIP, 1);
        assertThat(system.array().get(0)).isEqualTo(new ReplayStep(0, 0, List.of()));
        assertThat(system.array().get(1)).isEqualTo(new ReplayStep(1, 4, List.of(3, 4)));
        assertThat(system.array().get(2)).isEqualTo(new ReplayStep(2, 5, List.of(12)));
        assertThat(system.array().get(3)).isEqualTo(new ReplayStep(3, 6, List.of(99, 1, true)));
        assertThat(system.array().get(4)).isEqualTo(new ReplayStep(4, 7, List.of(1)));
    }

    @Test
    void recordOverloads_storeWhatAddStores() {
        ReplaySystem system = new ReplaySystem();
        ReplaySystem reference = new ReplaySystem();
        system.record(1);
        system.record(2, 300);
        system.record(3, -1, 70_000);
        system.record(4, 1L << 40);
        system.record(5, "x", 1.5);
        reference.array().add(1);
        reference.array().add(2, 300);
        reference.array().add(3, -1, 70_000);
        reference.array().add(4, 1L << 40);
        reference.array().add(5, "x", 1.5);
        assertThat(system.saveState()).isEqualTo(reference.saveState());
    }

    @Test
    void recorded_isHot_andDecodesNothingWithoutSubscribers() {
        ReplaySystem system = new ReplaySystem();
        system.record(1);
        StepVerifier.create(system.recorded())
                .then(() -> system.record(2, 5, 6))
                .expectNext(new ReplayStep(1, 2, List.of(5, 6)))
                .thenCancel()
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void recorded_skipsAFailedWrite() {
        ReplaySystem system = new ReplaySystem(ReplayArrayConfig.builder()
                .initCommandLength(1).commandMaxLength(1).build());
        StepVerifier.create(system.recorded().map(ReplayStep::code))
                .then(() -> {
                    system.record(1);
                    assertThatThrownBy(() -> system.record(2))
                            .isInstanceOf(dev.reprise.route.ReplayCapacityException.class);
                    assertThatThrownBy(() -> system.record(3, new Object())).isInstanceOf(IllegalArgumentException.class);
                    system.array().clear();
                    system.record(4);
                })
                .expectNext(1, 4)
                .thenCancel()
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void warnings_carryTheRoutesWarnings() {
        ReplaySystem system = new ReplaySystem();
        List<Integer> codes = warningsOf(system, () -> {
            system.array().delete(5);
            system.array().setCommandWidth(CommandWidth.UINT16);
            system.record(300);
            system.array().setCommandWidth(CommandWidth.UINT8);
        });
        assertThat(codes).containsExactly(179, 154);
    }

    @Test
    void commandNames_defaultToBuiltInNames_elseCodeN() {
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(ReplayCode.UP, NOOP);
        system.registerCommand(ReplayCode.UNEQUIP, NOOP);
        system.registerCommand(300, NOOP);
        system.registerCommand(42, "openChest", NOOP);
        assertThat(system.commandDictionary().asMap()).containsExactly(
                java.util.Map.entry(0, "UP"), java.util.Map.entry(7, "UNEQUIP"),
                java.util.Map.entry(42, "openChest"), java.util.Map.entry(300, "code-300"));
        assertThatThrownBy(() -> system.commandDictionary().asMap().put(1, "x")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void registerCommand_rejectsBadCodesAndNames() {
        ReplaySystem system = new ReplaySystem();
        assertThatThrownBy(() -> system.registerCommand(-1, NOOP))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
        assertThatThrownBy(() -> system.registerCommand(65_536, NOOP))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("65536");
        assertThatThrownBy(() -> system.registerCommand(1, " ", NOOP))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("blank");
        assertThatThrownBy(() -> system.registerCommand(1, null))
                .isInstanceOf(NullPointerException.class);
        assertThat(system.commandDictionary().asMap()).isEmpty();
    }

    @Test
    void loadStateOfABadSave_throws_andLeavesTheSandboxAlone() {
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(1, NOOP);
        system.record(1);
        ReplaySandbox sandbox = system.createReplaySandbox(config(system, new ArrayList<>()).build());
        ReplaySave bad = new ReplaySave(2, CommandWidth.UINT8, ByteBuffer.allocate(1), ByteBuffer.allocate(0));
        assertThatThrownBy(() -> system.loadState(bad)).isInstanceOf(ReplayFormatException.class);
        sandbox.play();
        StepVerifier.create(sandbox.steps()).expectNextCount(1).expectComplete().verify(Duration.ofSeconds(5));
    }

    @Test
    void sandboxLooksCommandsUpAsItPlays() {
        ReplaySystem system = new ReplaySystem();
        system.record(1);
        ReplaySandbox sandbox = system.createReplaySandbox(config(system, new ArrayList<>()).build());
        system.registerCommand(1, ReplayCommand.active((step, context) -> Mono.empty()));
        sandbox.play();
        StepVerifier.create(sandbox.steps()).expectNextCount(1).expectComplete().verify(Duration.ofSeconds(5));
    }
}

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
package dev.reprise.playback;

import dev.reprise.ReplaySystem;
import dev.reprise.diagnostic.ReplayWarning;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import reactor.core.publisher.Mono;

/** A system with logging commands, for playback tests: {@code exec<code>@<index>} and {@code fin<code>}. */
final class Harness {

    final ReplaySystem system = new ReplaySystem();
    final List<String> log = new CopyOnWriteArrayList<>();
    final List<ReplayWarning> warnings = new CopyOnWriteArrayList<>();

    Harness() {
        system.warnings().subscribe(warnings::add);
    }

    /** Registers an active command that logs and answers {@code result} from execute and from finalize. */
    Harness active(int code, ReplayCommandResult result, ReplayCommandResult finalizeResult) {
        system.registerCommand(code, ReplayCommand.withFinalizer(
                (step, context) -> {
                    log.add("exec" + code + "@" + step.index());
                    return Mono.just(result);
                },
                context -> {
                    log.add("fin" + code);
                    return Mono.just(finalizeResult);
                }));
        return this;
    }

    Harness active(int... codes) {
        for (int code : codes) {
            active(code, ReplayCommandResult.SUCCESS, ReplayCommandResult.SUCCESS);
        }
        return this;
    }

    Harness command(int code, ReplayCommand command) {
        system.registerCommand(code, command);
        return this;
    }

    Harness passive(int... codes) {
        for (int code : codes) {
            system.registerCommand(code, ReplayCommand.passive());
        }
        return this;
    }

    Harness record(int... codes) {
        for (int code : codes) {
            system.record(code);
        }
        return this;
    }

    ReplaySandbox sandbox() {
        return sandbox(builder -> { });
    }

    /** The config {@link #sandbox()} opens: the route from the start, nothing to reset. */
    SandboxConfig<Object> config() {
        return SandboxConfig.builder(system.array(), save -> { }).build();
    }

    ReplaySandbox sandbox(Consumer<SandboxConfig.Builder<Object>> customize) {
        // Opened paused: these tests drive play(), step() and seek() themselves and check what happens
        // before them; a test of starting on subscription sets startPaused(false).
        SandboxConfig.Builder<Object> builder = SandboxConfig.builder(system.array(), save -> { }).startPaused(true);
        customize.accept(builder);
        return system.createReplaySandbox(builder.build());
    }

    List<Integer> warningCodes() {
        return warnings.stream().map(ReplayWarning::code).toList();
    }

    /** Asserts that an error is the playback failure of a step, code and phase. */
    static java.util.function.Consumer<Throwable> failedAt(int index, int code, ReplayPlaybackException.Phase phase) {
        return error -> org.assertj.core.api.Assertions.assertThat(error)
                .isInstanceOfSatisfying(ReplayPlaybackException.class, e -> {
                    org.assertj.core.api.Assertions.assertThat(e.stepIndex()).isEqualTo(index);
                    org.assertj.core.api.Assertions.assertThat(e.code()).isEqualTo(code);
                    org.assertj.core.api.Assertions.assertThat(e.phase()).isEqualTo(phase);
                    org.assertj.core.api.Assertions.assertThat(e)
                            .hasMessageContaining("step " + index).hasMessageContaining(phase.label());
                });
    }
}

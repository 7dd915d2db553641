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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import dev.reprise.command.CommandLookup;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.route.ReplayArray;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** {@link ReplaySandbox#create}: a route played without a {@code ReplaySystem}, from a {@link CommandLookup}. */
class ReplaySandboxCreateTest {

    private final ReplayArray route = new ReplayArray();
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final AtomicInteger resets = new AtomicInteger();

    private ReplayCommand logging(int code) {
        return ReplayCommand.sync(step -> log.add("exec" + code + "@" + step.index()));
    }

    private SandboxConfig.Builder<Object> config() {
        return SandboxConfig.builder(route, save -> resets.incrementAndGet());
    }

    @Test
    void create_withoutASystem_resetsOnceAndPlaysTheCommandsTheLookupResolves() {
        route.add(1);
        route.add(2);
        route.add(1);
        Map<Integer, ReplayCommand> commands = Map.of(1, logging(1), 2, logging(2));

        ReplaySandbox sandbox = ReplaySandbox.create(config().build(), code -> Optional.ofNullable(commands.get(code)));

        assertThat(resets).hasValue(1);
        assertThat(sandbox.state()).isEqualTo(PlaybackState.READY);
        StepVerifier.create(sandbox.steps(), 0)
                .thenRequest(3)
                .expectNextCount(3)
                .expectComplete()
                .verify(Duration.ofSeconds(10));
        assertThat(log).containsExactly("exec1@0", "exec2@1", "exec1@2");
        assertThat(resets).hasValue(1);
    }

    @Test
    void create_commandAddedToTheLookupAfterCreation_isFound() {
        route.add(1);
        route.add(2);
        Map<Integer, ReplayCommand> commands = new ConcurrentHashMap<>(Map.of(1, logging(1)));
        ReplaySandbox sandbox = ReplaySandbox.create(config().build(), code -> Optional.ofNullable(commands.get(code)));

        commands.put(2, logging(2));

        StepVerifier.create(sandbox.steps(), 0)
                .thenRequest(2)
                .expectNextCount(2)
                .expectComplete()
                .verify(Duration.ofSeconds(10));
        assertThat(log).containsExactly("exec1@0", "exec2@1");
    }

    @Test
    void create_unknownCode_failsQuotingTheLookupsName() {
        route.add(9);
        CommandLookup lookup = new CommandLookup() {
            @Override
            public Optional<ReplayCommand> command(int code) {
                return Optional.empty();
            }

            @Override
            public Optional<String> name(int code) {
                return Optional.of("mystery");
            }
        };

        ReplaySandbox sandbox = ReplaySandbox.create(config().build(), lookup);

        StepVerifier.create(sandbox.steps(), 0)
                .thenRequest(1)
                .expectErrorSatisfies(error -> assertThat(error)
                        .isInstanceOfSatisfying(ReplayPlaybackException.class, e -> {
                            assertThat(e.commandName()).contains("mystery");
                            assertThat(e).hasMessageContaining("(code 9, mystery)");
                        }))
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void create_lookupWithoutNames_failureHasNoCommandName() {
        route.add(1);
        ReplayCommand failing = ReplayCommand.active((step, context) -> Mono.just(ReplayCommandResult.FAILED));

        ReplaySandbox sandbox = ReplaySandbox.create(config().build(), code -> Optional.of(failing));

        StepVerifier.create(sandbox.steps(), 0)
                .thenRequest(1)
                .expectNextCount(1)
                .expectErrorSatisfies(error -> assertThat(((ReplayPlaybackException) error).commandName()).isEmpty())
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void create_plainLookup_replacesNothingAndOnlyLogsWarnings() {
        route.add(9);
        ReplaySandbox first = ReplaySandbox.create(config().build(), code -> Optional.empty());

        ReplaySandbox second = ReplaySandbox.create(config().build(), code -> Optional.empty());

        assertThat(first.state()).isEqualTo(PlaybackState.READY);
        assertThat(resets).hasValue(2);
        StepVerifier.create(second.steps(), 0)
                .thenRequest(1)
                .expectError(ReplayPlaybackException.class)
                .verify(Duration.ofSeconds(10));
        assertThat(first.state()).isEqualTo(PlaybackState.READY);
    }

    @Test
    void create_nullArguments_throwNaming() {
        CommandLookup none = code -> Optional.empty();
        assertThatNullPointerException().isThrownBy(() -> ReplaySandbox.create(null, none)).withMessage("config");
        assertThatNullPointerException().isThrownBy(() -> ReplaySandbox.create(config().build(), null))
                .withMessage("commands");
    }
}

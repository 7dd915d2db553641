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

import dev.reprise.command.CommandLookup;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.diagnostic.ReplayWarning;
import dev.reprise.playback.PlaybackState;
import dev.reprise.playback.ReplayPlaybackException;
import dev.reprise.playback.ReplaySandbox;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplayArray;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;

/**
 * {@link HostedCommands}: the lookup a system hands {@link ReplaySandbox#create}, which also feeds the
 * sandbox's warnings to the system and names the sandbox it replaces.
 */
class HostedCommandsTest {

    private final ReplayArray route = new ReplayArray();
    private final List<String> log = new CopyOnWriteArrayList<>();
    private final AtomicInteger resets = new AtomicInteger();
    private final List<ReplayWarning> warnings = new CopyOnWriteArrayList<>();

    private SandboxConfig<Object> config() {
        return SandboxConfig.builder(route, save -> resets.incrementAndGet()).build();
    }

    private HostedCommands hosted(CommandLookup commands, ReplaySandbox replaced) {
        return new HostedCommands(commands, warnings::add, replaced);
    }

    @Test
    void create_unknownCode_warnsTheHost() {
        route.add(9);

        ReplaySandbox sandbox = ReplaySandbox.create(config(), new HostedCommands(code -> Optional.empty(),
                warnings::add, null));

        StepVerifier.create(sandbox.steps(), 0)
                .thenRequest(1)
                .expectError(ReplayPlaybackException.class)
                .verify(Duration.ofSeconds(10));
        assertThat(warnings).extracting(ReplayWarning::code).containsExactly(157);
    }

    @Test
    void create_replacingAPlayingSandbox_stopsItAndResetsOnlyOnceItHasEnded() {
        route.add(1);
        route.add(1);
        Sinks.One<ReplayCommandResult> release = Sinks.one();
        ReplayCommand waiting = ReplayCommand.active((step, context) -> {
            log.add("exec@" + step.index() + " resets=" + resets.get());
            return step.index() == 0 && log.size() == 1 ? release.asMono() : Mono.just(ReplayCommandResult.SUCCESS);
        });
        ReplaySandbox first = ReplaySandbox.create(config(), code -> Optional.of(waiting));
        List<PlaybackState> firstEnd = new CopyOnWriteArrayList<>();
        first.terminated().subscribe(firstEnd::add);
        first.steps().subscribe();
        assertThat(log).containsExactly("exec@0 resets=1"); // the first step waits on release

        ReplaySandbox second = ReplaySandbox.create(config(), hosted(code -> Optional.of(waiting), first));

        assertThat(firstEnd).isEmpty(); // stopping: its step in flight settles first
        assertThat(resets).hasValue(1); // so the game is not reset under it
        release.tryEmitValue(ReplayCommandResult.SUCCESS);
        assertThat(firstEnd).containsExactly(PlaybackState.STOPPED);
        assertThat(resets).hasValue(2);
        StepVerifier.create(second.steps(), 0)
                .thenRequest(2)
                .expectNextCount(2)
                .expectComplete()
                .verify(Duration.ofSeconds(10));
        assertThat(log).containsExactly("exec@0 resets=1", "exec@0 resets=2", "exec@1 resets=2");
    }

    @Test
    void create_replacingASandboxThatEnded_resetsAtOnce() {
        ReplaySandbox first = ReplaySandbox.create(config(), code -> Optional.empty());
        first.stopNow();
        assertThat(first.state()).isEqualTo(PlaybackState.STOPPED);

        ReplaySandbox.create(config(), hosted(code -> Optional.empty(), first));

        assertThat(resets).hasValue(2);
    }

    @Test
    void commandAndName_areTheWrappedLookups() {
        ReplayCommand one = ReplayCommand.passive();
        CommandLookup commands = new CommandLookup() {
            @Override
            public Optional<ReplayCommand> command(int code) {
                return code == 1 ? Optional.of(one) : Optional.empty();
            }

            @Override
            public Optional<String> name(int code) {
                return code == 1 ? Optional.of("one") : Optional.empty();
            }
        };

        HostedCommands hosted = new HostedCommands(commands, warnings::add, null);

        assertThat(hosted.command(1)).containsSame(one);
        assertThat(hosted.command(2)).isEmpty();
        assertThat(hosted.name(1)).contains("one");
        assertThat(hosted.replaced()).isNull();
    }
}

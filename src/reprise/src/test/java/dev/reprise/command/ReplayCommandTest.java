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
package dev.reprise.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.reprise.command.PassiveHandle;
import dev.reprise.route.ReplayStep;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

class ReplayCommandTest {

    private static final ReplayStep STEP = new ReplayStep(3, 1, List.of(7));

    /** A context outside playback, for calling commands directly. */
    private static final PlaybackContext CONTEXT = new PlaybackContext() {
        @Override
        public double speed() {
            return 1;
        }

        @Override
        public int replayed() {
            return 0;
        }

        @Override
        public List<PassiveHandle> passiveSteps() {
            return List.of();
        }

        @Override
        public Mono<PassiveHandle> nextPassive() {
            return Mono.empty();
        }
    };

    @Test
    void active_usesTheFunction_andDefaultsToActiveWithAnEmptyFinalizer() {
        ReplayCommand command = ReplayCommand.active((step, context) -> Mono.just(ReplayCommandResult.IGNORED));
        assertThat(command.type()).isEqualTo(ReplayCommandType.ACTIVE);
        StepVerifier.create(command.execute(STEP, CONTEXT)).expectNext(ReplayCommandResult.IGNORED)
                .expectComplete().verify(Duration.ofSeconds(5));
        StepVerifier.create(command.finalizeRun(CONTEXT)).expectComplete().verify(Duration.ofSeconds(5));
        assertThat(CONTEXT.seeking()).isFalse();
    }

    @Test
    void sync_runsTheConsumer_andSucceedsWithASharedMono() {
        AtomicReference<ReplayStep> seen = new AtomicReference<>();
        ReplayCommand command = ReplayCommand.sync(seen::set);
        Mono<ReplayCommandResult> first = command.execute(STEP, CONTEXT);
        assertThat(seen).hasValue(STEP);
        StepVerifier.create(first).expectNext(ReplayCommandResult.SUCCESS)
                .expectComplete().verify(Duration.ofSeconds(5));
        assertThat(command.execute(STEP, CONTEXT)).isSameAs(first);
    }

    @Test
    void sync_propagatesWhatTheConsumerThrows() {
        ReplayCommand command = ReplayCommand.sync(step -> {
            throw new IllegalStateException("no");
        });
        assertThatThrownBy(() -> command.execute(STEP, CONTEXT)).hasMessage("no");
    }

    @Test
    void withFinalizer_usesBothFunctions() {
        ReplayCommand command = ReplayCommand.withFinalizer((step, context) -> Mono.empty(),
                context -> Mono.just(ReplayCommandResult.FAILED));
        StepVerifier.create(command.execute(STEP, CONTEXT)).expectComplete().verify(Duration.ofSeconds(5));
        StepVerifier.create(command.finalizeRun(CONTEXT)).expectNext(ReplayCommandResult.FAILED)
                .expectComplete().verify(Duration.ofSeconds(5));
    }

    @Test
    void passive_isPassive_andRefusesToExecute() {
        ReplayCommand command = ReplayCommand.passive();
        assertThat(command.type()).isEqualTo(ReplayCommandType.PASSIVE);
        assertThat(ReplayCommand.passive()).isSameAs(command);
        StepVerifier.create(command.execute(STEP, CONTEXT))
                .expectErrorSatisfies(e -> assertThat(e).isInstanceOf(UnsupportedOperationException.class)
                        .hasMessageContaining("step 3"))
                .verify(Duration.ofSeconds(5));
    }

    @Test
    void factories_rejectNull() {
        assertThatThrownBy(() -> ReplayCommand.active(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> ReplayCommand.sync(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> ReplayCommand.withFinalizer((s, c) -> Mono.empty(), null))
                .isInstanceOf(NullPointerException.class);
    }
}

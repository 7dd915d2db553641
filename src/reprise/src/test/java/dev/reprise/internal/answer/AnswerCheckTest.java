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
package dev.reprise.internal.answer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.ReplaySystem;
import dev.reprise.command.PlaybackContext;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.command.ReplayCommandType;
import dev.reprise.route.ReplayStep;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

class AnswerCheckTest {

    private static final int ACTIVE = 1;
    private static final int ANSWERED = 2;
    private static final int UNANSWERED = 3;
    private static final ReplayStep ANSWER = new ReplayStep(4, ANSWERED, List.of(7));

    private final List<String> events = new ArrayList<>();
    private final ReplaySystem system = new ReplaySystem();

    AnswerCheckTest() {
        system.registerCommand(ACTIVE, ReplayCommand.sync(step -> events.add("active")));
        system.registerCommand(ANSWERED, new ReplayCommand() {
            @Override
            public ReplayCommandType type() {
                return ReplayCommandType.PASSIVE;
            }

            @Override
            public Mono<ReplayCommandResult> execute(ReplayStep step, PlaybackContext context) {
                return Mono.just(ReplayCommandResult.SUCCESS);
            }

            @Override
            public Mono<ReplayCommandResult> finalizeRun(PlaybackContext context) {
                events.add("finalize");
                return Mono.just(ReplayCommandResult.FAILED);
            }

            @Override
            public boolean appliesAnswers() {
                return true;
            }

            @Override
            public void applyAnswer(ReplayStep step) {
                events.add("applied " + step.params());
            }
        });
        system.registerCommand(UNANSWERED, ReplayCommand.passive());
    }

    private ReplayCommand command(int code) {
        return system.command(code).orElseThrow();
    }

    @Test
    void afterEachAnswer_wrapsOnlyThePassiveCommandsThatApplyAnswers() {
        ReplayCommand active = command(ACTIVE);
        ReplayCommand unanswered = command(UNANSWERED);

        AnswerCheck.afterEachAnswer(system, step -> events.add("checked " + step.index()));

        assertThat(command(ANSWERED)).isInstanceOf(AnswerCheck.class);
        assertThat(command(ACTIVE)).isSameAs(active);
        assertThat(command(UNANSWERED)).isSameAs(unanswered);
    }

    @Test
    void applyAnswer_appliesIt_thenTellsTheListener() {
        AnswerCheck.afterEachAnswer(system, step -> events.add("checked " + step.index()));

        command(ANSWERED).applyAnswer(ANSWER);

        assertThat(events).containsExactly("applied [7]", "checked 4");
    }

    @Test
    void aGamePlayedAgain_isWrappedOnce_andTellsTheNewListenerOnly() {
        AnswerCheck.afterEachAnswer(system, step -> events.add("first judge"));
        AnswerCheck.afterEachAnswer(system, step -> events.add("second judge"));

        command(ANSWERED).applyAnswer(ANSWER);

        assertThat(events).containsExactly("applied [7]", "second judge");
    }

    @Test
    void finalizeRun_isTheWrappedCommands() {
        AnswerCheck.afterEachAnswer(system, step -> { });

        // The command under test ignores its context: any will do.
        PlaybackContext ignored = (PlaybackContext) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {PlaybackContext.class}, (proxy, method, arguments) -> null);

        StepVerifier.create(command(ANSWERED).finalizeRun(ignored)).expectNext(ReplayCommandResult.FAILED)
                .verifyComplete();
        assertThat(events).containsExactly("finalize");
        assertThat(command(ANSWERED).type()).isEqualTo(ReplayCommandType.PASSIVE);
        assertThat(command(ANSWERED).appliesAnswers()).isTrue();
    }
}

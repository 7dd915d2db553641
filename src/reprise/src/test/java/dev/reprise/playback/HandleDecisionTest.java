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

import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The drain's decision for one passive handle, one row per case: the facts that hold (any not named is
 * false) and what the drain does.
 */
class HandleDecisionTest {

    @ParameterizedTest(name = "[{0}] -> {1}: {2}")
    @CsvSource(delimiter = '|', textBlock = """
            settled                                              | SETTLE         | its answer is in
            settled earlierPending                               | SETTLE         | an answer in is taken even behind a pending one
            settled stopping                                     | SETTLE         | a stop takes an answer that is in
            earlierPending uiAnswered activeIn emitted mayTouch  | WAIT           | answers are applied in route order
            earlierPending unclaimed activeIn emitted mayTouch   | WAIT           | nor skipped out of order
            earlierPending unclaimed stopping                    | WAIT           | not even on a stop
            uiAnswered activeIn mayTouch                         | APPLY_ANSWER   | a UI's answer once its active step completed
            uiAnswered awaited mayTouch                          | APPLY_ANSWER   | the dialog pattern: the command waits on it
            uiAnswered                                           | WAIT           | never while the active command runs
            uiAnswered activeIn emitted                          | ABANDON        | not applied off the game's thread; answered, it cannot be given up
            uiAnswered stopping                                  | ABANDON        | a stop gives up what it can (an answered one waits)
            unclaimed                                            | WAIT           | neither emitted nor answered nor due
            unclaimed emitted                                    | WAIT           | its active step has no result yet
            unclaimed activeIn mayTouch                          | WAIT           | not handed to the subscriber yet
            unclaimed emitted activeIn mayTouch                  | ABANDON        | nobody answered in time: skipped
            unclaimed emitted activeIn                           | ABANDON        | skipping touches no game
            unclaimed stopping                                   | ABANDON        | a stop skips what nobody answered
            emitted activeIn mayTouch                            | ABANDON        | claimed: only a stop may cut it off
            stopping                                             | ABANDON        | claimed through PassiveAnswers: a stop cuts it off
            awaited emitted unclaimed                            | WAIT           | the command waits on it and its result is not in
            applies unclaimed emitted activeIn mayTouch          | APPLY_RECORDED | headless: the recorded answer is applied
            applies unclaimed emitted awaited mayTouch           | APPLY_RECORDED | headless dialog: applied while the command waits
            applies unclaimed stopping activeIn mayTouch         | APPLY_RECORDED | a stop applies what it may apply
            applies unclaimed emitted activeIn                   | WAIT           | waits for the game's thread, never skipped
            applies unclaimed emitted awaited                    | WAIT           | the same in the dialog pattern
            applies unclaimed stopping                           | WAIT           | not even skipped by a stop
            applies unclaimed emitted                            | WAIT           | its active step has no result yet
            applies unclaimed activeIn mayTouch                  | WAIT           | not handed to the subscriber yet
            applies stopping                                     | ABANDON        | claimed: a stop may cut it off, touching no game
            applies emitted activeIn mayTouch                    | ABANDON        | claimed: given up if it still can be
            """)
    void decide(String facts, HandleDecision expected, String why) {
        Set<String> holds = Set.of(facts.trim().split("\\s+"));
        assertThat(holds).isSubsetOf("settled", "earlierPending", "uiAnswered", "applies", "unclaimed", "awaited",
                "activeIn", "emitted", "stopping", "mayTouch");
        HandleDecision decision = HandleDecision.decide(holds.contains("settled"), holds.contains("earlierPending"),
                holds.contains("uiAnswered"), holds.contains("applies"), holds.contains("unclaimed"),
                holds.contains("awaited"), holds.contains("activeIn"), holds.contains("emitted"),
                holds.contains("stopping"), holds.contains("mayTouch"));
        assertThat(decision).as(why).isEqualTo(expected);
    }
}

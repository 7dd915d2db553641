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
package dev.reprise.samples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.samples.AsyncUiSample.UiReport;
import dev.reprise.samples.tower.TowerCodes;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;
import reactor.test.scheduler.VirtualTimeScheduler;

class AsyncUiSampleTest {

    private final SampleRecording recording = SampleRecording.record(11L, 3, 600);
    private final List<String> shown = new CopyOnWriteArrayList<>();

    @Test
    void uiSlowerThanTheStep_withTheDefaultGrace_answersEveryChoice() {
        StepVerifier.withVirtualTime(() -> AsyncUiSample.play(recording, VirtualTimeScheduler.get(),
                        Duration.ofMillis(300), Duration.ofSeconds(1), shown::add))
                .thenAwait(Duration.ofHours(1))
                .assertNext(report -> {
                    assertThat(report.verdict().reproduced()).as(report.verdict().describe()).isTrue();
                    assertThat(report.answered()).isEqualTo(choices()).isPositive();
                })
                .expectComplete()
                .verify(Duration.ofSeconds(10));
        assertThat(shown).hasSize(choices()).anyMatch(line -> line.contains("SHOP: leave"));
    }

    @Test
    void everyChoiceTakesItsThinkTime_oneDialogAtATime_inVirtualTime() {
        Duration think = Duration.ofMillis(300);
        StepVerifier.withVirtualTime(() -> AsyncUiSample.play(recording, VirtualTimeScheduler.get(), think,
                        Duration.ofSeconds(1), shown::add))
                .expectSubscription()
                .expectNoEvent(think.multipliedBy(choices()).minusMillis(1))
                .thenAwait(Duration.ofMillis(1))
                .expectNextCount(1)
                .expectComplete()
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void uiSlowerThanTheTimeout_failsThePlaybackAtThatChoice_withTheTimeoutAsCause() {
        StepVerifier.withVirtualTime(() -> AsyncUiSample.play(recording, VirtualTimeScheduler.get(),
                        Duration.ofSeconds(2), Duration.ofSeconds(1), shown::add))
                .thenAwait(Duration.ofHours(1))
                .assertNext(report -> {
                    assertThat(report.verdict().reproduced()).isFalse();
                    assertThat(report.answered()).isZero();
                    assertThat(report.verdict().failure()).isNotNull();
                    assertThat(report.verdict().failure().getCause()).isInstanceOf(TimeoutException.class)
                            .hasMessageContaining("passive step");
                })
                .expectComplete()
                .verify(Duration.ofSeconds(10));
    }

    @Test
    void answersAreGivenOnTheUiThread() {
        Scheduler ui = Schedulers.newSingle("test-ui");
        try {
            UiReport report = AsyncUiSample.play(recording, ui, Duration.ofMillis(1), Duration.ofSeconds(5),
                    shown::add).block(Duration.ofSeconds(30));
            assertThat(report.verdict().reproduced()).as(report.verdict().describe()).isTrue();
            assertThat(report.uiThreads()).singleElement().asString().startsWith("test-ui");
        } finally {
            ui.dispose();
        }
    }

    private int choices() {
        int choices = 0;
        for (int i = 0; i < recording.recorder().array().length(); i++) {
            choices += recording.recorder().array().get(i).code() == TowerCodes.CHOICE ? 1 : 0;
        }
        return choices;
    }
}

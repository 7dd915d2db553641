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

import java.time.Duration;
import org.junit.jupiter.api.Test;
import reactor.core.Scannable;
import reactor.core.scheduler.Scheduler;
import reactor.test.StepVerifier;
import reactor.test.scheduler.VirtualTimeScheduler;

/** The engine reports its state through reactor-core's Scannable, like reactor-core's own operators. */
class PlaybackEngineScanTest {

    @Test
    void scan_reportsDemandTerminationCancellationAndScheduler() {
        Scheduler scheduler = VirtualTimeScheduler.create();
        ReplaySandbox sandbox = new Harness().active(1).record(1, 1).sandbox(b -> b.scheduler(scheduler));
        Scannable scannable = Scannable.from(sandbox.steps());
        assertThat(scannable.isScanAvailable()).isTrue();
        assertThat(scannable.scan(Scannable.Attr.PARENT)).isNull();
        assertThat(scannable.scanUnsafe(Scannable.Attr.RUN_ON)).isSameAs(scheduler); // scan() wraps non-Scannable schedulers
        assertThat(scannable.scan(Scannable.Attr.TERMINATED)).isFalse();
        assertThat(scannable.scan(Scannable.Attr.CANCELLED)).isFalse();
        assertThat(scannable.scan(Scannable.Attr.RUN_STYLE)).isEqualTo(Scannable.Attr.RunStyle.ASYNC);

        StepVerifier.create(sandbox.steps(), 0)
                .expectSubscription()
                .then(() -> assertThat(scannable.scan(Scannable.Attr.ACTUAL)).isNotNull())
                .thenRequest(5)
                .then(() -> assertThat(scannable.scan(Scannable.Attr.REQUESTED_FROM_DOWNSTREAM)).isEqualTo(5L))
                .thenCancel()
                .verify(Duration.ofSeconds(5));
        assertThat(scannable.scan(Scannable.Attr.CANCELLED)).isTrue();
        assertThat(scannable.scan(Scannable.Attr.TERMINATED)).isTrue();
        assertThat(scannable.stepName()).isEqualTo("playback");
    }

    @Test
    void scan_reportsTheFailure() {
        ReplaySandbox sandbox = new Harness().record(1).sandbox(); // code 1 has no command
        sandbox.play();
        sandbox.steps().subscribe(step -> { }, error -> { });
        Scannable scannable = Scannable.from(sandbox.steps());
        assertThat(scannable.scan(Scannable.Attr.TERMINATED)).isTrue();
        assertThat(scannable.scan(Scannable.Attr.ERROR)).isInstanceOf(ReplayPlaybackException.class);
    }
}

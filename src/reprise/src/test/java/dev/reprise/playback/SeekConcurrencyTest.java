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
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Seeks, pauses and steps from several threads at once leave the sandbox consistent and answer every call. */
class SeekConcurrencyTest {

    @Test
    void concurrentSeeksAndControls_allAnswer_andTheLastSeekHoldsTheStraightValue() throws Exception {
        SeekGame g = SeekGame.alternating(3_000);
        long expected = g.straightValue(1_500);
        ReplaySandbox sandbox = g.sandboxWithCheckpoints(50);
        sandbox.steps().subscribe(step -> { }, error -> { });
        ExecutorService pool = Executors.newFixedThreadPool(4);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<?>> calls = new ArrayList<>();
        try {
            for (int t = 0; t < 4; t++) {
                SplittableRandom random = new SplittableRandom(t);
                calls.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < 40; i++) {
                        switch (random.nextInt(4)) {
                            case 0 -> sandbox.pause().block(Duration.ofSeconds(10));
                            case 1 -> sandbox.step().block(Duration.ofSeconds(10));
                            default -> sandbox.seek(random.nextInt(2_900)).block(Duration.ofSeconds(10));
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> call : calls) {
                call.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(sandbox.state()).isEqualTo(PlaybackState.PAUSED);
        sandbox.seek(1_500).block(Duration.ofSeconds(10));
        assertThat(sandbox.replayed()).isEqualTo(1_500);
        assertThat(g.value).isEqualTo(expected);
    }
}

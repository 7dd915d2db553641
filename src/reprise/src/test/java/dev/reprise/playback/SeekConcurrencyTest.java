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

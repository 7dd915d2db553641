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

package dev.reprise.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/** A batch's work places: a game that holds a slot's thread past its replay's timeout holds up nothing else. */
class VerificationSlotTest {

    private final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void letTheHeldThreadsGo() {
        release.countDown();
    }

    @Test
    void verify_aGameHoldingItsThreadPastTheTimeout_isTimedOut_andTheNextReplaysStillRunOnTheirOwnTimers() {
        ReplayVerifier verifier = ReplayVerifier.builder(CounterGame::of).gameId(CounterGame.GAME_ID).parallelism(1)
                .timeout(Duration.ofMillis(200)).invariant("never returns", game -> {
                    try {
                        release.await(); // the game's own code, holding the slot's thread
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return true;
                }).build();
        ReplaySource source = ReplaySource.of("held", CounterGame.record(0, 1, 2, 3));

        StepVerifier.create(verifier.verify(Flux.just(source, source, source)))
                .expectNextMatches(v -> v.outcome() == Outcome.TIMED_OUT)
                .expectNextMatches(v -> v.outcome() == Outcome.TIMED_OUT)
                .expectNextMatches(v -> v.outcome() == Outcome.TIMED_OUT)
                .expectComplete()
                .verify(Duration.ofSeconds(20));
    }
}

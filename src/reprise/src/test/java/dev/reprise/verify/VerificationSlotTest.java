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

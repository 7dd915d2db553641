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

import dev.reprise.playback.PlaybackState;
import dev.reprise.playback.ReplaySandbox;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

/** Demand, parallelism, cancellation and errors of the sources: the verifier's Flux as a whole. */
class ReplayVerifierFlowTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final GatedGames games = new GatedGames();
    private final AtomicLong requested = new AtomicLong();

    private Flux<ReplaySource> sources(int count) {
        byte[] bytes = GatedGames.file(3);
        return Flux.range(0, count).map(i -> ReplaySource.of("r" + i, bytes))
                .doOnRequest(n -> requested.accumulateAndGet(n, (a, b) -> a + b < 0 ? Long.MAX_VALUE : a + b));
    }

    private ReplayVerifier verifier(int parallelism) {
        return ReplayVerifier.builder(games).parallelism(parallelism).build();
    }

    /** Waits until {@code games} games wait at the gate; an interrupt fails the test. */
    private void awaitWaiting(int games) {
        try {
            assertThat(this.games.waiting.tryAcquire(games, 10, TimeUnit.SECONDS))
                    .as("%d games waiting at the gate", games).isTrue();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void verify_zeroDemand_requestsOnlyParallelismSourcesAndBuildsThatManyGames() {
        StepVerifier.create(verifier(3).verify(sources(50)), 0)
                .expectSubscription()
                .then(() -> {
                    awaitWaiting(3);
                    assertThat(requested).hasValue(3);
                    assertThat(games.created).hasValue(3);
                    games.gate.tryEmitEmpty();
                })
                .thenRequest(2)
                .expectNextCount(2)
                .then(() -> assertThat(requested.get()).isLessThanOrEqualTo(2 + 3))
                .thenCancel()
                .verify(TIMEOUT);
        assertThat(requested.get()).isLessThanOrEqualTo(5);
        assertThat(games.created.get()).isLessThanOrEqualTo(5);
    }

    @Test
    void verify_unboundedDemand_keepsAtMostParallelismGamesAlive() {
        Flux<Verdict> verdicts = verifier(2).verify(sources(40)).doOnNext(v -> games.verdicts.incrementAndGet());
        StepVerifier.create(verdicts)
                .expectSubscription()
                .then(() -> {
                    awaitWaiting(2);
                    assertThat(games.created).hasValue(2);
                    assertThat(requested).hasValue(2);
                    games.gate.tryEmitEmpty();
                })
                .thenConsumeWhile(v -> v.outcome() == Outcome.VALID)
                .expectComplete()
                .verify(TIMEOUT);
        assertThat(games.verdicts).hasValue(40);
        assertThat(games.created).hasValue(40);
        assertThat(games.mostAlive.get()).isLessThanOrEqualTo(2);
    }

    @Test
    void verify_cancelled_stopsPlaybackAndRequestsNoMore() {
        StepVerifier.create(verifier(2).verify(sources(10)))
                .expectSubscription()
                .then(() -> awaitWaiting(2))
                .thenCancel()
                .verify(TIMEOUT);
        games.gate.tryEmitEmpty(); // the steps in flight settle; the cancelled playbacks then stop
        for (var system : games.systems) {
            ReplaySandbox sandbox = system.sandbox().orElseThrow();
            StepVerifier.create(sandbox.states().filter(PlaybackState::isTerminal))
                    .expectNext(PlaybackState.STOPPED)
                    .expectComplete()
                    .verify(TIMEOUT);
        }
        assertThat(requested).hasValue(2);
        assertThat(games.created).hasValue(2);
    }

    @Test
    void verify_sourcesError_endsAfterTheVerdictsInFlight() {
        Flux<ReplaySource> failing = Flux.concat(
                Flux.just(ReplaySource.of("ok", CounterGame.record(0, 1, 2).toBytes())),
                Flux.error(new IllegalStateException("listing failed")));

        StepVerifier.create(ReplayVerifier.builder(CounterGame::of).build().verify(failing))
                .assertNext(v -> assertThat(v.outcome()).isEqualTo(Outcome.VALID))
                .expectErrorMessage("listing failed")
                .verify(TIMEOUT);
    }

    @Test
    void verify_outOfMemoryWhilePreparing_endsTheBatchWithAnErrorInsteadOfHanging() {
        byte[] bytes = CounterGame.record(0, 1).toBytes();
        GameFactory factory = file -> {
            throw new OutOfMemoryError("simulated");
        };

        StepVerifier.create(ReplayVerifier.builder(factory).parallelism(1).build()
                        .verify(Flux.just(ReplaySource.of("huge", bytes))))
                .expectErrorSatisfies(error -> assertThat(error).isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("\"huge\"").hasMessageContaining("parallelism")
                        .hasCauseInstanceOf(OutOfMemoryError.class))
                .verify(TIMEOUT);
    }

    @Test
    void verify_throwingFactory_givesAVerdictAndTheBatchGoesOn() {
        byte[] bytes = CounterGame.record(0, 1).toBytes();
        GameFactory factory = file -> {
            throw new IllegalStateException("no game today");
        };
        Flux<ReplaySource> sources = Flux.range(0, 5).map(i -> ReplaySource.of("r" + i, bytes));

        StepVerifier.create(ReplayVerifier.builder(factory).parallelism(2).build().verify(sources))
                .thenConsumeWhile(v -> v.outcome() == Outcome.FAILED && v.reason().contains("no game today"))
                .expectComplete()
                .verify(TIMEOUT);
    }
}

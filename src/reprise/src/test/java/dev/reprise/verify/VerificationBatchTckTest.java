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

import org.reactivestreams.Publisher;
import org.reactivestreams.tck.PublisherVerification;
import org.reactivestreams.tck.TestEnvironment;
import org.testng.annotations.Test;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

/**
 * The Reactive Streams TCK (1.0.4) against {@link ReplayVerifier#verify(Publisher)}: one verdict per source, a
 * source per requested element, played on the calling thread ({@code Schedulers.immediate()}) two at a time.
 * Runs on the JUnit Platform through the TestNG engine.
 */
@Test
public class VerificationBatchTckTest extends PublisherVerification<Verdict> {

    private static final byte[] REPLAY = CounterGame.record(0, 1, 2, 3).toBytes();

    public VerificationBatchTckTest() {
        super(new TestEnvironment(200)); // played on the calling thread: signals are synchronous
    }

    @Override
    public Publisher<Verdict> createPublisher(long elements) {
        ReplayVerifier verifier = ReplayVerifier.builder(CounterGame::of).parallelism(2)
                .runOn(Schedulers.immediate()).build();
        // Sources are read lazily, as verdicts are requested: rule 3.17's test asks for Integer.MAX_VALUE.
        return verifier.verify(Flux.range(0, (int) Math.min(elements, Integer.MAX_VALUE))
                .map(i -> ReplaySource.of("r" + i, REPLAY)));
    }

    @Override
    public Publisher<Verdict> createFailedPublisher() {
        ReplayVerifier verifier = ReplayVerifier.builder(CounterGame::of).runOn(Schedulers.immediate()).build();
        return verifier.verify(Flux.error(new IllegalStateException("the sources failed")));
    }

    @Override
    public long maxElementsFromPublisher() {
        return Integer.MAX_VALUE;
    }
}

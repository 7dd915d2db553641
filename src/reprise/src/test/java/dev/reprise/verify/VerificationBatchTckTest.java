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

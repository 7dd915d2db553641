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
package dev.reprise.route;

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import java.util.Objects;
import org.reactivestreams.Publisher;
import org.reactivestreams.tck.PublisherVerification;
import org.reactivestreams.tck.TestEnvironment;
import org.testng.SkipException;
import org.testng.annotations.Test;
import reactor.core.publisher.Flux;

/**
 * The Reactive Streams TCK (1.0.4) against {@code ReplaySystem.recorded()}, through {@link ReplayArray#recorded(int)}
 * behind it: hot and never completing, so each
 * publisher records the requested number of steps right after a subscriber subscribed, into a buffer that
 * holds them all; the TCK's tests of completion are skipped as for any publisher that cannot complete. Steps
 * are delivered on a {@code boundedElastic} worker. Runs on the JUnit Platform through the TestNG engine.
 */
@Test
public class RecordedStepsTckTest extends PublisherVerification<ReplayStep> {

    /** The most steps recorded for one publisher (rule 3.17's test takes a few and cancels). */
    private static final int MOST_STEPS = 10_000;

    public RecordedStepsTckTest() {
        super(new TestEnvironment(500)); // delivered on another thread: a little more time than synchronous
    }

    @Override
    public Publisher<ReplayStep> createPublisher(long elements) {
        ReplaySystem system = new ReplaySystem(ReplayArrayConfig.builder().initCommandLength(16).build());
        system.registerCommand(1, ReplayCommand.sync(step -> { }));
        int steps = (int) Math.min(elements, MOST_STEPS);
        Flux<ReplayStep> recorded = system.array().recorded(Math.max(1, steps));
        return subscriber -> {
            Objects.requireNonNull(subscriber, "subscriber"); // rule 1.9, as recorded() itself checks it
            recorded.subscribe(subscriber);
            for (int i = 0; i < steps; i++) {
                system.record(1, i);
            }
        };
    }

    @Override
    public Publisher<ReplayStep> createFailedPublisher() {
        // A buffer of one step and two steps recorded before any request: RecordedOverflowException.
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(1, ReplayCommand.sync(step -> { }));
        Flux<ReplayStep> recorded = system.array().recorded(1);
        return subscriber -> {
            recorded.subscribe(subscriber);
            system.record(1);
            system.record(1);
        };
    }

    @Override
    public long maxElementsFromPublisher() {
        return publisherUnableToSignalOnComplete(); // hot: it never completes
    }

    @Override
    public void optional_spec111_multicast_mustProduceTheSameElementsInTheSameSequenceToAllOfItsSubscribersWhenRequestingOneByOne() {
        throw new SkipException("hot: each subscriber sees only the steps recorded after it subscribed");
    }

    @Override
    public void optional_spec111_multicast_mustProduceTheSameElementsInTheSameSequenceToAllOfItsSubscribersWhenRequestingManyUpfront() {
        throw new SkipException("hot: each subscriber sees only the steps recorded after it subscribed");
    }

    @Override
    public void optional_spec111_multicast_mustProduceTheSameElementsInTheSameSequenceToAllOfItsSubscribersWhenRequestingManyUpfrontAndCompleteAsExpected() {
        throw new SkipException("hot: each subscriber sees only the steps recorded after it subscribed");
    }
}

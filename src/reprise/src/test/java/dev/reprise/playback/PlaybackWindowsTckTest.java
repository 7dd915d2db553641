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

import dev.reprise.ReplaySystem;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import dev.reprise.route.ReplayArrayConfig;
import java.util.Objects;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscription;
import org.reactivestreams.tck.PublisherVerification;
import org.reactivestreams.tck.TestEnvironment;
import org.testng.SkipException;
import org.testng.annotations.Test;
import reactor.core.CoreSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.GroupedFlux;
import reactor.core.publisher.Mono;

/**
 * The Reactive Streams TCK (1.0.4) against {@link ReplaySandbox#windows()} of an autoplaying sandbox whose
 * route has one finalize window per requested element (its steps alternate between two codes). The TCK's
 * subscriber never subscribes to a window, and a window's steps play only on its own demand, so each window
 * is subscribed (unbounded) as it is handed on; the TCK requests and cancels on the windows' own
 * subscription. Runs on the JUnit Platform through the TestNG engine.
 */
@Test
public class PlaybackWindowsTckTest extends PublisherVerification<GroupedFlux<Integer, PlaybackStep>> {

    /** The longest route built; see {@link ReplaySandboxTckTest}. */
    private static final int LONGEST_ROUTE = 10_000;

    public PlaybackWindowsTckTest() {
        super(new TestEnvironment(200)); // signals here are synchronous: a short timeout is plenty
    }

    @Override
    public Publisher<GroupedFlux<Integer, PlaybackStep>> createPublisher(long elements) {
        ReplaySystem system = new ReplaySystem(ReplayArrayConfig.builder().initCommandLength(16).build());
        for (int code = 1; code <= 2; code++) {
            system.registerCommand(code, ReplayCommand.withFinalizer(
                    (step, context) -> Mono.just(ReplayCommandResult.SUCCESS),
                    context -> Mono.just(ReplayCommandResult.SUCCESS)));
        }
        int length = (int) Math.min(elements, LONGEST_ROUTE);
        for (int i = 0; i < length; i++) {
            system.record(1 + i % 2, i);
        }
        ReplaySandbox sandbox = system.createReplaySandbox(SandboxConfig.builder(system.array(), save -> { }).build());
        sandbox.play();
        return subscribingEachWindow(sandbox.windows());
    }

    @Override
    public Publisher<GroupedFlux<Integer, PlaybackStep>> createFailedPublisher() {
        // A sandbox whose route changed under it: it fails with ConcurrentModificationException (156).
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(1, ReplayCommand.sync(step -> { }));
        system.record(1);
        ReplaySandbox sandbox = system.createReplaySandbox(SandboxConfig.builder(system.array(), save -> { }).build());
        system.record(1);
        sandbox.checkRoute();
        return subscribingEachWindow(sandbox.windows());
    }

    @Override
    public long maxElementsFromPublisher() {
        return Integer.MAX_VALUE;
    }

    @Override
    public void optional_spec111_maySupportMultiSubscribe() {
        throw new SkipException("windows() is unicast by design: a second subscriber gets IllegalStateException");
    }

    /**
     * Hands each window on once it is subscribed, so that its steps play; every other signal, and the
     * subscription itself, passes untouched, so the TCK's requests and cancels reach {@code windows()}.
     */
    private static Publisher<GroupedFlux<Integer, PlaybackStep>> subscribingEachWindow(
            Flux<GroupedFlux<Integer, PlaybackStep>> windows) {
        return subscriber -> {
            Objects.requireNonNull(subscriber, "subscriber"); // rule 1.9, as windows() itself checks it
            windows.subscribe(new CoreSubscriber<GroupedFlux<Integer, PlaybackStep>>() {
                @Override
                public void onSubscribe(Subscription subscription) {
                    subscriber.onSubscribe(subscription);
                }

                @Override
                public void onNext(GroupedFlux<Integer, PlaybackStep> window) {
                    window.subscribe();
                    subscriber.onNext(window);
                }

                @Override
                public void onError(Throwable error) {
                    subscriber.onError(error);
                }

                @Override
                public void onComplete() {
                    subscriber.onComplete();
                }
            });
        };
    }
}

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
import dev.reprise.route.ReplayArrayConfig;
import org.reactivestreams.Publisher;
import org.reactivestreams.tck.PublisherVerification;
import org.reactivestreams.tck.TestEnvironment;
import org.testng.SkipException;
import org.testng.annotations.Test;

/**
 * The Reactive Streams TCK (1.0.4) against {@link ReplaySandbox#steps()} of an autoplaying sandbox over a
 * route of the requested length. Runs on the JUnit Platform through the TestNG engine.
 */
@Test
public class ReplaySandboxTckTest extends PublisherVerification<PlaybackStep> {

    /**
     * The longest route built. Only rule 3.17's overflow test asks for more (Integer.MAX_VALUE steps,
     * beyond any route); it takes a dozen steps and cancels, so a route of this length serves it.
     */
    private static final int LONGEST_ROUTE = 10_000;

    public ReplaySandboxTckTest() {
        super(new TestEnvironment(200)); // signals here are synchronous: a short timeout is plenty
    }

    @Override
    public Publisher<PlaybackStep> createPublisher(long elements) {
        ReplaySystem system = new ReplaySystem(ReplayArrayConfig.builder().initCommandLength(16).build());
        system.registerCommand(1, ReplayCommand.sync(step -> { }));
        int length = (int) Math.min(elements, LONGEST_ROUTE);
        for (int i = 0; i < length; i++) {
            system.record(1, i);
        }
        ReplaySandbox sandbox = system.createReplaySandbox(SandboxConfig.builder(system.array(), save -> { }).build());
        sandbox.play();
        return sandbox.steps();
    }

    @Override
    public Publisher<PlaybackStep> createFailedPublisher() {
        // A sandbox whose route changed under it: it fails with ConcurrentModificationException (156).
        ReplaySystem system = new ReplaySystem();
        system.registerCommand(1, ReplayCommand.sync(step -> { }));
        system.record(1);
        ReplaySandbox sandbox = system.createReplaySandbox(SandboxConfig.builder(system.array(), save -> { }).build());
        system.record(1);
        sandbox.checkRoute();
        return sandbox.steps();
    }

    @Override
    public long maxElementsFromPublisher() {
        return Integer.MAX_VALUE;
    }

    @Override
    public void optional_spec111_maySupportMultiSubscribe() {
        throw new SkipException("steps() is unicast by design: a second subscriber gets IllegalStateException");
    }
}

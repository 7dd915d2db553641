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
package dev.reprise.testing;

import java.time.Duration;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;
import reactor.test.StepVerifier;

/**
 * Bounds every {@link StepVerifier} of the test run: a {@code verify()} without a {@link Duration}
 * (which would wait forever for a signal that never comes) fails after {@link #DEFAULT} instead.
 * Tests still pass their own, shorter, bound to {@code verify(Duration)}; this is the safety net.
 *
 * <p>Registered with the JUnit Platform in {@code META-INF/services}, so it applies to every engine
 * of the run; the default is restored when the launcher session closes.
 */
public final class StepVerifierTimeouts implements LauncherSessionListener {

    /** How long a {@code verify()} without a {@link Duration} waits at most. */
    public static final Duration DEFAULT = Duration.ofSeconds(30);

    private final Duration timeout;

    /** The listener the platform loads: bounds StepVerifier by {@link #DEFAULT}. */
    public StepVerifierTimeouts() {
        this(DEFAULT);
    }

    StepVerifierTimeouts(Duration timeout) {
        this.timeout = timeout;
    }

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        StepVerifier.setDefaultTimeout(timeout);
    }

    @Override
    public void launcherSessionClosed(LauncherSession session) {
        StepVerifier.resetDefaultTimeout();
    }
}

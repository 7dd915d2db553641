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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.time.Duration;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.LauncherSessionListener;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

class StepVerifierTimeoutsTest {

    @Test
    void sessionOpened_boundsAVerifyWithoutDuration_andTheRunKeepsTheDefault() {
        try {
            new StepVerifierTimeouts(Duration.ofMillis(200)).launcherSessionOpened(null);
            long start = System.nanoTime();

            // The one verify() without a Duration on purpose: the default bound is what is tested.
            Throwable timedOut = catchThrowable(() -> StepVerifier.create(Flux.never()).expectComplete().verify());

            assertThat(timedOut).isInstanceOf(AssertionError.class).hasMessageContaining("timed out");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
        } finally {
            new StepVerifierTimeouts().launcherSessionOpened(null);
        }
    }

    @Test
    void theListener_isRegisteredWithTheLauncher() {
        assertThat(ServiceLoader.load(LauncherSessionListener.class).stream().map(ServiceLoader.Provider::type))
                .contains(StepVerifierTimeouts.class);
    }
}

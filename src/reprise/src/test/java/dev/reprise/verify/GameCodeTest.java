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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ServiceConfigurationError;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class GameCodeTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @Test
    void call_returnsWhatTheCodeReturns() {
        assertThat(GameCode.call("the game", TIMEOUT, () -> "tower")).isEqualTo("tower");
    }

    @Test
    void call_codeThatNeverReturns_failsAtTheTimeout_andLeavesItsThread() {
        CountDownLatch never = new CountDownLatch(1);
        assertThatThrownBy(() -> GameCode.call("tower's verifier()", Duration.ofMillis(100), () -> {
            try {
                never.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "never";
        })).isInstanceOf(GameCode.Failure.class).hasMessage("tower's verifier() did not return within 100 ms");
    }

    @Test
    void call_errorsOfTheGame_areOneLineFailures_withTheirCauses() {
        assertThatThrownBy(() -> GameCode.call("the game", TIMEOUT, () -> {
            throw new ServiceConfigurationError("Provider x could not be instantiated",
                    new ExceptionInInitializerError(new IllegalStateException("bad static init")));
        })).isInstanceOf(GameCode.Failure.class).hasMessage("the game failed: java.util.ServiceConfigurationError: "
                + "Provider x could not be instantiated; caused by java.lang.ExceptionInInitializerError; caused by "
                + "java.lang.IllegalStateException: bad static init").hasNoCause();
        assertThatThrownBy(() -> GameCode.call("the game", TIMEOUT, GameCodeTest::deep))
                .isInstanceOf(GameCode.Failure.class).hasMessage("the game failed: java.lang.StackOverflowError");
    }

    @Test
    void call_illegalArgument_passesThrough_asReprisesOwnWordThatNoGameFits() {
        assertThatThrownBy(() -> GameCode.call("the game", TIMEOUT, () -> ReplayVerifierProvider.find("no.such.game")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("no game is installed");
    }

    private static String deep() {
        return deep() + ".";
    }
}

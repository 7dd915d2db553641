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
package dev.reprise.samples.tower;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.assertj.core.api.AbstractThrowableAssert;

/** Small helpers shared by the tower tests. */
final class TowerTestSupport {

    private TowerTestSupport() {
    }

    /** Starts a game on floors written as text. */
    static TowerGame game(String... floors) {
        return new TowerGame(Tower.parse(floors));
    }

    /** Asserts that an input is rejected with {@code type}, and that the game's state is untouched. */
    static AbstractThrowableAssert<?, ? extends Throwable> assertRejected(TowerGame game,
            Class<? extends RuntimeException> type, int code, Object... params) {
        TowerState before = game.state();
        int queued = game.queuedMoves();
        AbstractThrowableAssert<?, ? extends Throwable> thrown =
                assertThatThrownBy(() -> game.apply(code, params)).isInstanceOf(type);
        assertThat(game.state()).isSameAs(before);
        assertThat(game.queuedMoves()).isEqualTo(queued);
        return thrown;
    }
}

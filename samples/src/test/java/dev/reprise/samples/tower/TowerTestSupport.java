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

package dev.reprise.shrink;

import dev.reprise.route.CommandWidth;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayArrayConfig;

/** A route written step by step for a test: {@code TestRoute.of().step(KEY).step(TAKE, RING).build()}. */
final class TestRoute {

    private final ReplayArray route;

    private TestRoute(CommandWidth width) {
        this.route = new ReplayArray(ReplayArrayConfig.builder().commandWidth(width).build());
    }

    /** @return an empty route of one-byte codes */
    static TestRoute of() {
        return of(CommandWidth.UINT8);
    }

    /** @return an empty route of codes of that width */
    static TestRoute of(CommandWidth width) {
        return new TestRoute(width);
    }

    /** Adds a step of this code and parameters. */
    TestRoute step(int code, Object... params) {
        route.add(code, params);
        return this;
    }

    /** @return the route */
    ReplayArray build() {
        return route;
    }
}

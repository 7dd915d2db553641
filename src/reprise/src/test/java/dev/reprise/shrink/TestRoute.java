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

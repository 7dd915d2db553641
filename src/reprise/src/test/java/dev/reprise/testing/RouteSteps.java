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

import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayStep;
import java.util.ArrayList;
import java.util.List;

/** The steps of a replay file's route, for tests that check what a rewrite (an upgrade, a shrink) kept. */
public final class RouteSteps {

    private RouteSteps() {
    }

    /**
     * Returns every step of a file's route, in order.
     *
     * @param file the replay file
     * @return its steps
     */
    public static List<ReplayStep> of(ReplayFile file) {
        ReplayArray route = new ReplayArray();
        route.loadState(file.save());
        List<ReplayStep> steps = new ArrayList<>(route.length());
        for (int i = 0; i < route.length(); i++) {
            steps.add(route.get(i));
        }
        return steps;
    }
}

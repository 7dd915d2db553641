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

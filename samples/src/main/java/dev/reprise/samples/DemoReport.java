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
package dev.reprise.samples;

import dev.reprise.samples.tower.replay.ReplayVerdict;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/**
 * What the demo measured: the route's size on disk, how fast it was recorded and played, and whether
 * the replay reproduced the game.
 *
 * @param steps steps in the route
 * @param highestFloor the highest floor the bot reached
 * @param fileBytes the replay file's size in bytes
 * @param recording how long the bot took to play while being recorded (its path finding included)
 * @param playback how long the watched replay took: paced, its progress bar and per-step state checks included
 * @param fullSpeed how long the second, unpaced replay took (per-step state checks included)
 * @param verdict whether the replays reproduced the game (the first that did not, if one did not)
 */
public record DemoReport(int steps, int highestFloor, long fileBytes, Duration recording, Duration playback,
                         Duration fullSpeed, ReplayVerdict verdict) {

    /**
     * Returns the file size per step.
     *
     * @return bytes per step
     */
    public double bytesPerStep() {
        return (double) fileBytes / steps;
    }

    /**
     * Prints the report, one figure per line.
     *
     * @param out where to print
     */
    public void print(PrintStream out) {
        out.printf(Locale.ROOT, "steps            %,d (highest floor %d)%n", steps, highestFloor + 1);
        out.printf(Locale.ROOT, "file size        %,d bytes%n", fileBytes);
        out.printf(Locale.ROOT, "bytes per step   %.2f%n", bytesPerStep());
        out.printf(Locale.ROOT, "recording        %,d ms, %,.0f steps/s (the bot's thinking included)%n",
                recording.toMillis(), rate(recording));
        out.printf(Locale.ROOT, "playback         %,d ms, %,.0f steps/s (the watched replay, with its progress bar)%n",
                playback.toMillis(), rate(playback));
        out.printf(Locale.ROOT, "full speed       %,d ms, %,.0f steps/s (a second replay, unpaced)%n",
                fullSpeed.toMillis(), rate(fullSpeed));
        out.println("final states     " + verdict.describe());
    }

    private double rate(Duration time) {
        return steps / Math.max(time.toNanos() / 1e9, 1e-9);
    }
}

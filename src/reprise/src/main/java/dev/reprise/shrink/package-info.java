/**
 * Regression cases from replays, without a test framework: {@link dev.reprise.shrink.ReplayCheck} judges
 * replays by what must hold in the game, {@link dev.reprise.shrink.ReplayShrink} shrinks a failing replay to a
 * small one that fails the same way ({@link dev.reprise.shrink.ShrunkReplay},
 * {@link dev.reprise.shrink.ReplayFailure}), and {@link dev.reprise.shrink.ReplayCases} keeps a session or
 * the start of a replay as a test case and finds the cases of a folder. The test kit's {@code ReplayAssertions}
 * and the replay tool's {@code shrink} and {@code cut} run on them.
 */
@NullMarked
package dev.reprise.shrink;

import org.jspecify.annotations.NullMarked;

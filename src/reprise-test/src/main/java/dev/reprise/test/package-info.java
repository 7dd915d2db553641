/**
 * The test kit, as {@code reactor-test} is for Reactor: replay files as tests
 * ({@link dev.reprise.test.ReplayAssertions}, {@link dev.reprise.test.ReplayFilesSource}), judged as
 * recorded or by what must hold in the game ({@link dev.reprise.test.ReplayCheck}), a failing replay shrunk
 * to the smallest one that fails the same way ({@link dev.reprise.test.ReplayShrink}), a
 * step-by-step {@code StepVerifier} for playback ({@link dev.reprise.test.PlaybackStepVerifier}), seeded
 * random and hand-written routes ({@link dev.reprise.test.TestRoutes}) and a one-call way to keep a
 * failing session as a test case ({@link dev.reprise.test.ReplayCases}).
 *
 * <p>Its dependencies, {@code reactor-test}, {@code junit-jupiter-api} and {@code junit-jupiter-params},
 * are optional dependencies of the library: a game that uses the kit adds them in test scope; a game
 * that does not never sees them. See {@code docs/testing.md}.
 */
@NullMarked
package dev.reprise.test;

import org.jspecify.annotations.NullMarked;

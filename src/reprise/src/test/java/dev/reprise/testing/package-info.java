/**
 * Test support shared by the library's and the samples' tests: seeded random cases for property tests
 * ({@link dev.reprise.testing.SeededCases}, {@link dev.reprise.testing.Gen}), shared test data found
 * through the environment ({@link dev.reprise.testing.SharedData}), the StepVerifier bound of the
 * whole test run ({@link dev.reprise.testing.StepVerifierTimeouts}), the real browser of the
 * viewer's tests ({@link dev.reprise.testing.Browser}), and a replay file's steps
 * ({@link dev.reprise.testing.RouteSteps}).
 */
@NullMarked
package dev.reprise.testing;

import org.jspecify.annotations.NullMarked;

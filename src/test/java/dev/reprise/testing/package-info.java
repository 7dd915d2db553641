/**
 * Test support shared by the library's and the samples' tests: seeded random cases for property tests
 * ({@link dev.reprise.testing.SeededCases}, {@link dev.reprise.testing.Gen}), shared test data found
 * through the environment ({@link dev.reprise.testing.SharedData}), and the StepVerifier bound of the
 * whole test run ({@link dev.reprise.testing.StepVerifierTimeouts}).
 */
@NullMarked
package dev.reprise.testing;

import org.jspecify.annotations.NullMarked;

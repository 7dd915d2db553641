/**
 * The runnable samples, each a class with a {@code main} method and a test that runs it:
 * {@link dev.reprise.samples.Demo} (the README's demo: record, save, replay with a progress bar, report),
 * {@link dev.reprise.samples.RecordAndReplaySample}, {@link dev.reprise.samples.GameLoopSample} and
 * {@link dev.reprise.samples.AsyncUiSample}; the fourth sample, testing with {@code StepVerifier}, is the
 * test class {@code TestingWithStepVerifierSampleTest}. They play the tower game of
 * {@link dev.reprise.samples.tower} through the Reprise commands of
 * {@link dev.reprise.samples.tower.replay}.
 */
@NullMarked
package dev.reprise.samples;

import org.jspecify.annotations.NullMarked;

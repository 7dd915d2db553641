/**
 * The sample tower game as a verifiable game: {@link dev.reprise.samples.verify.TowerVerification} (a
 * verifier preset and the metadata a verifiable tower replay carries) and
 * {@link dev.reprise.samples.verify.TowerCorpus} (a deterministic corpus of valid and broken replays for
 * tests, benchmarks and the replay tool's {@code corpus} command).
 */
@NullMarked
package dev.reprise.samples.verify;

import org.jspecify.annotations.NullMarked;

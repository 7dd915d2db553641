/**
 * Bulk verification of replay files: {@link dev.reprise.verify.ReplayVerifier} reads each replay within
 * caps, plays it headless on a fresh game and gives one {@link dev.reprise.verify.Verdict} per replay,
 * with bounded parallelism and memory. See {@code docs/verification.md}.
 */
@NullMarked
package dev.reprise.verify;

import org.jspecify.annotations.NullMarked;

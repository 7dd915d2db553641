/**
 * Helpers shared by what the jar ships besides the library: the replay tool, the test kit, the Kafka
 * worker and the samples (a folder walk, a terminal progress bar, the verdict's JSON, the opening of a
 * folder of game builds). Not API: the {@code dev.reprise} module does not export this package, and
 * nothing here is covered by compatibility promises.
 */
@NullMarked
package dev.reprise.internal.support;

import org.jspecify.annotations.NullMarked;

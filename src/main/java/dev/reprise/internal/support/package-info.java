/**
 * Helpers shared by what the jar ships besides the library: the replay tool, the test kit, the Kafka
 * worker and the samples (a folder walk, a terminal progress bar). Not API: the {@code dev.reprise} module
 * does not export this package, and nothing here is covered by compatibility promises. It depends on no
 * other Reprise package.
 */
@NullMarked
package dev.reprise.internal.support;

import org.jspecify.annotations.NullMarked;

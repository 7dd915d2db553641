/**
 * The samples' command-line program ({@link dev.reprise.samples.cli.CorpusCommand}): writes a corpus of
 * valid and broken tower replays to try the replay tool's {@code verify} on.
 */
@NullMarked
package dev.reprise.samples.cli;

import org.jspecify.annotations.NullMarked;

/**
 * The replay-file snippets of the documentation ({@link dev.reprise.samples.io.ReplayFiles}): write a
 * route to a file off the game thread, read it back, check it against the game, replay it.
 */
@NullMarked
package dev.reprise.samples.io;

import org.jspecify.annotations.NullMarked;

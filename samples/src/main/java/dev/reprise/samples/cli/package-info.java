/**
 * The replay tool, {@link dev.reprise.samples.cli.ReplayTool}: a picocli command line over replay files
 * ({@code info}, {@code dump}, {@code check}, {@code convert}, {@code sample}) and over the verifier
 * ({@code verify}, {@code corpus}, for the sample tower game). Every file is read within the library
 * reader's caps, and every bad input is one line naming the path and the reason. A sample, outside the
 * library artifact, because it uses picocli.
 */
@NullMarked
package dev.reprise.samples.cli;

import org.jspecify.annotations.NullMarked;

/**
 * The replay tool, {@link dev.reprise.tool.ReplayTool}: a picocli command line over replay files
 * ({@code info}, {@code dump}, {@code check}, {@code convert}, {@code sample}) and over the verifier
 * ({@code verify}, {@code compat}, {@code shrink}, {@code cut}, {@code upgrade}, {@code diff},
 * {@code determinism}, for any game a {@link dev.reprise.verify.ReplayVerifierProvider} on the class path,
 * or a folder of game jars, provides). Every file is read within the library reader's caps, and every bad
 * input is one line naming the path and the reason. picocli is a dependency of this module only: the core
 * needs none.
 */
@NullMarked
package dev.reprise.tool;

import org.jspecify.annotations.NullMarked;

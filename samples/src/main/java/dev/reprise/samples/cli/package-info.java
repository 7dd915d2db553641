/**
 * The replay-file command-line tool ({@link dev.reprise.samples.cli.ReplayTool}): inspect, dump, verify
 * and convert replay files. A sample, outside the library artifact, because it uses picocli.
 */
@NullMarked
package dev.reprise.samples.cli;

import org.jspecify.annotations.NullMarked;

/**
 * Commands that play recorded steps: {@link dev.reprise.command.ReplayCommand} (active or passive, with
 * an optional {@code finalizeRun} that closes a run of same-code steps), the built-in input codes of
 * {@link dev.reprise.command.ReplayCode}, and the results a command reports.
 *
 * <p>Types are non-null unless marked {@link org.jspecify.annotations.Nullable @Nullable} (JSpecify).
 */
@NullMarked
package dev.reprise.command;

import org.jspecify.annotations.NullMarked;

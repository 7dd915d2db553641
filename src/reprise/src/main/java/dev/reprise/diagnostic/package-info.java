/**
 * What every Reprise package reports through: the base exception {@link dev.reprise.diagnostic.ReplayException}
 * and the warnings ({@link dev.reprise.diagnostic.ReplayWarning}, {@link dev.reprise.diagnostic.WarningCode}).
 *
 * <p>A leaf package: it depends on no other Reprise package, so the route, the commands, playback and the
 * file format can all share these types without a package cycle.
 */
@NullMarked
package dev.reprise.diagnostic;

import org.jspecify.annotations.NullMarked;

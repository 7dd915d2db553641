/**
 * Reprise's internals shared across its packages: warning reporting, the checks of a file's strings, and
 * what {@code ReplaySystem} hands the sandboxes it creates. Not API: the {@code dev.reprise}
 * module does not export this package, and nothing here is covered by compatibility promises.
 *
 * <p>It depends on no Reprise package but the leaf {@code dev.reprise.diagnostic}, and no public
 * signature of an API package names a type of it.
 */
@NullMarked
package dev.reprise.internal;

import org.jspecify.annotations.NullMarked;

/**
 * Reprise's internals shared across its packages: warning reporting and the bridge through which
 * {@link dev.reprise.ReplaySystem} opens sandboxes. Not API: the {@code dev.reprise} module does not
 * export this package, and nothing here is covered by compatibility promises.
 */
@NullMarked
package dev.reprise.internal;

import org.jspecify.annotations.NullMarked;

/**
 * The binary route: {@link dev.reprise.route.ReplayArray} holds one fixed-size command entry per step and
 * the steps' tagged, big-endian params, byte for byte as the motajs engine stores them; read it with
 * read streams or an allocation-free cursor, save and load it as a {@link dev.reprise.route.ReplaySave}.
 *
 * <p>Types are non-null unless marked {@link org.jspecify.annotations.Nullable @Nullable} (JSpecify).
 */
@NullMarked
package dev.reprise.route;

import org.jspecify.annotations.NullMarked;

package dev.reprise.io;

/**
 * How the body of a replay file is stored, chosen per file.
 *
 * <p>{@link #NONE} keeps the route's bytes as the route stores them (fastest to read and write);
 * {@link #DEFLATE} stores a reversible column transform of them compressed with the JDK's DEFLATE
 * (smallest; see {@code docs/file-format.md}). Either way, reading gives back the same bytes.
 */
public enum Compression {
    /** The command and param areas, byte for byte. */
    NONE,
    /** The column-transformed route, compressed with raw DEFLATE (RFC 1951). */
    DEFLATE
}

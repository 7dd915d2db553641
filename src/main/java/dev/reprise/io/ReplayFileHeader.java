package dev.reprise.io;

import dev.reprise.route.CommandWidth;

/**
 * What a replay file's header says about its layout, as read from a file that passed every check.
 *
 * @param majorVersion    the format's major version (always 1 for files this reader accepts)
 * @param minorVersion    the format's minor version (newer minors are read, their extras skipped)
 * @param compression     how the body is stored
 * @param commandWidth    the route's command width
 * @param steps           the route's step count
 * @param paramBytes      the size of the route's param area, in bytes
 * @param bodyBytes       the size of the body as stored, in bytes
 * @param fileBytes       the size of the whole file, in bytes
 * @param skippedSections optional sections of a newer minor version that this reader skipped
 */
public record ReplayFileHeader(int majorVersion, int minorVersion, Compression compression,
                               CommandWidth commandWidth, int steps, int paramBytes, int bodyBytes,
                               int fileBytes, int skippedSections) {

    /**
     * Returns the format version as {@code major.minor}.
     *
     * @return e.g. {@code "1.0"}
     */
    public String version() {
        return majorVersion + "." + minorVersion;
    }

    /**
     * Returns the file's size per step.
     *
     * @return file bytes divided by steps, or 0 for an empty route
     */
    public double bytesPerStep() {
        return steps == 0 ? 0 : (double) fileBytes / steps;
    }
}

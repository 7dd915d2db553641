/*
 * Copyright 2026 The Reprise developers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.reprise.io;

import dev.reprise.route.CommandWidth;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What a replay file's header says about its layout, as read from a file that passed every check.
 *
 * <p>Immutable and thread-safe; no part is {@code null}. Two headers are equal when every part is equal.
 * Only the reader makes them, so a later version may add parts without breaking callers.
 */
public final class ReplayFileHeader {

    private final int majorVersion;
    private final int minorVersion;
    private final Compression compression;
    private final CommandWidth commandWidth;
    private final int steps;
    private final int paramBytes;
    private final int bodyBytes;
    private final int fileBytes;
    private final int skippedSections;

    private ReplayFileHeader(int majorVersion, int minorVersion, Compression compression, CommandWidth commandWidth,
            int steps, int paramBytes, int bodyBytes, int fileBytes, int skippedSections) {
        this.majorVersion = majorVersion;
        this.minorVersion = minorVersion;
        this.compression = compression;
        this.commandWidth = commandWidth;
        this.steps = steps;
        this.paramBytes = paramBytes;
        this.bodyBytes = bodyBytes;
        this.fileBytes = fileBytes;
        this.skippedSections = skippedSections;
    }

    /**
     * Returns a header of these parts; the reader's one way to make one.
     *
     * @param majorVersion    the format's major version
     * @param minorVersion    the format's minor version
     * @param compression     how the body is stored
     * @param commandWidth    the route's command width
     * @param steps           the route's step count
     * @param paramBytes      the size of the route's param area, in bytes
     * @param bodyBytes       the size of the body as stored, in bytes
     * @param fileBytes       the size of the whole file, in bytes
     * @param skippedSections optional sections of a newer minor version that the reader skipped
     * @return the header
     * @throws NullPointerException     if {@code compression} or {@code commandWidth} is {@code null}
     * @throws IllegalArgumentException if a version, count or size is negative
     */
    static ReplayFileHeader of(int majorVersion, int minorVersion, Compression compression,
            CommandWidth commandWidth, int steps, int paramBytes, int bodyBytes, int fileBytes, int skippedSections) {
        Objects.requireNonNull(compression, "compression");
        Objects.requireNonNull(commandWidth, "commandWidth");
        notNegative("majorVersion", majorVersion);
        notNegative("minorVersion", minorVersion);
        notNegative("steps", steps);
        notNegative("paramBytes", paramBytes);
        notNegative("bodyBytes", bodyBytes);
        notNegative("fileBytes", fileBytes);
        notNegative("skippedSections", skippedSections);
        return new ReplayFileHeader(majorVersion, minorVersion, compression, commandWidth, steps, paramBytes,
                bodyBytes, fileBytes, skippedSections);
    }

    private static void notNegative(String name, int value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must not be negative, was " + value);
        }
    }

    /**
     * Returns the format's major version (always 1 for files this reader accepts).
     *
     * @return the major version
     */
    public int majorVersion() {
        return majorVersion;
    }

    /**
     * Returns the format's minor version (newer minors are read, their extras skipped).
     *
     * @return the minor version
     */
    public int minorVersion() {
        return minorVersion;
    }

    /**
     * Returns how the body is stored.
     *
     * @return the compression, never {@code null}
     */
    public Compression compression() {
        return compression;
    }

    /**
     * Returns the route's command width.
     *
     * @return the width, never {@code null}
     */
    public CommandWidth commandWidth() {
        return commandWidth;
    }

    /**
     * Returns the route's step count.
     *
     * @return the steps
     */
    public int steps() {
        return steps;
    }

    /**
     * Returns the size of the route's param area.
     *
     * @return the size in bytes
     */
    public int paramBytes() {
        return paramBytes;
    }

    /**
     * Returns the size of the body as stored.
     *
     * @return the size in bytes
     */
    public int bodyBytes() {
        return bodyBytes;
    }

    /**
     * Returns the size of the whole file.
     *
     * @return the size in bytes
     */
    public int fileBytes() {
        return fileBytes;
    }

    /**
     * Returns how many optional sections of a newer minor version the reader skipped.
     *
     * @return the count
     */
    public int skippedSections() {
        return skippedSections;
    }

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

    /**
     * Tells whether another object is a header with the same parts.
     *
     * @param other the object to compare with, may be {@code null}
     * @return {@code true} if every part is equal
     */
    @Override
    public boolean equals(@Nullable Object other) {
        return other == this || other instanceof ReplayFileHeader that
                && majorVersion == that.majorVersion
                && minorVersion == that.minorVersion
                && compression == that.compression
                && commandWidth == that.commandWidth
                && steps == that.steps
                && paramBytes == that.paramBytes
                && bodyBytes == that.bodyBytes
                && fileBytes == that.fileBytes
                && skippedSections == that.skippedSections;
    }

    /**
     * Returns a hash code of every part, consistent with {@link #equals}.
     *
     * @return the hash code
     */
    @Override
    public int hashCode() {
        return Objects.hash(majorVersion, minorVersion, compression, commandWidth, steps, paramBytes, bodyBytes,
                fileBytes, skippedSections);
    }

    /**
     * Returns every part, for logs and test failures; the format may change.
     *
     * @return e.g. {@code ReplayFileHeader[majorVersion=1, minorVersion=0, compression=DEFLATE, ...]}
     */
    @Override
    public String toString() {
        return "ReplayFileHeader[majorVersion=" + majorVersion + ", minorVersion=" + minorVersion + ", compression="
                + compression + ", commandWidth=" + commandWidth + ", steps=" + steps + ", paramBytes=" + paramBytes
                + ", bodyBytes=" + bodyBytes + ", fileBytes=" + fileBytes + ", skippedSections=" + skippedSections
                + "]";
    }
}

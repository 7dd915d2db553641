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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Names what kind of file a path is, for messages that refuse anything but a regular file: "a
 * folder", "a FIFO", "a socket", "a character device", "a block device" (from the Unix mode where
 * the platform gives it; otherwise "a FIFO, socket or device").
 */
final class FileKinds {

    private static final int TYPE_MASK = 0170000;
    private static final int FIFO = 0010000;
    private static final int CHARACTER_DEVICE = 0020000;
    private static final int BLOCK_DEVICE = 0060000;
    private static final int SOCKET = 0140000;

    private FileKinds() {
    }

    /**
     * Returns the kind of a file that is not a regular file, as an indefinite noun phrase.
     *
     * @param path       the file
     * @param attributes its attributes (a link among them is named as such; otherwise the file a
     *                   link names is described)
     * @return e.g. {@code "a FIFO"}
     */
    static String describe(Path path, BasicFileAttributes attributes) {
        if (attributes.isDirectory()) {
            return "a folder";
        }
        if (attributes.isSymbolicLink()) {
            return "a symbolic link";
        }
        try {
            return switch ((Integer) Files.getAttribute(path, "unix:mode") & TYPE_MASK) {
                case FIFO -> "a FIFO";
                case CHARACTER_DEVICE -> "a character device";
                case BLOCK_DEVICE -> "a block device";
                case SOCKET -> "a socket";
                default -> "a FIFO, socket or device";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            // No Unix view here (Windows) or the file went away: the general phrase is still true.
            return "a FIFO, socket or device";
        }
    }
}

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

/**
 * How the body of a replay file is stored, chosen per file.
 *
 * <p>{@link #NONE} keeps the route's bytes as the route stores them (fastest to read and write);
 * {@link #COMPACT} stores a reversible column transform of them, compressed (smallest; see
 * {@code docs/replay-file-format.md}). Either way, reading gives back the same bytes.
 */
public enum Compression {
    /** The command and param areas, byte for byte. */
    NONE,
    /**
     * The column-transformed route, compressed: the writer codes it both with raw DEFLATE (RFC 1951)
     * and with Reprise's context-modelled range coder, and keeps the smaller (the file's flags say
     * which; a file read back reports {@code COMPACT} either way). The modelled coder wins on real
     * routes, by about a sixth; DEFLATE on incompressible payloads.
     */
    COMPACT
}

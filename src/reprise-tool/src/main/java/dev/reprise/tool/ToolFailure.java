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
package dev.reprise.tool;

/**
 * A failure the tool reports as one line on standard error (no stack trace) before exiting with
 * {@link ReplayTool#FAILED}: the message names the path and the reason, e.g.
 * {@code "missing.reprise: no such file"}.
 */
final class ToolFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates a failure.
     *
     * @param message the whole line to print, path first
     */
    ToolFailure(String message) {
        super(message, null, false, false); // a user-facing line: no stack trace is ever printed
    }
}

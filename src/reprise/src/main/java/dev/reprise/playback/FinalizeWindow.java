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
package dev.reprise.playback;

/**
 * The finalize window: a run of consecutive active steps of one code (with their passive steps), closed
 * by that code's {@code finalizeRun}. Tracks the open window, numbers windows as they open and remembers
 * the one being finalized. Drain-owned.
 */
final class FinalizeWindow {

    /** The code of the open window, -1 when none is open. */
    private int code = -1;
    private int lastIndex;
    /** The number of the latest window opened, -1 before the first. */
    private long number = -1;
    /** The open window's name, shared by its steps. */
    private WindowId id = new WindowId(-1, -1);
    private int finalizingCode;
    private int finalizingIndex;

    boolean isOpen() {
        return code >= 0;
    }

    /** @return whether an active step of {@code nextCode} must wait for the open window to be finalized */
    boolean closesBefore(int nextCode) {
        return code >= 0 && code != nextCode;
    }

    /** Opens a window for a lone passive step, which closes at once and is never finalized. */
    WindowId openLone(int stepCode) {
        return new WindowId(++number, stepCode);
    }

    /** Adds an active step: opens a window if none is open; returns the window. */
    WindowId add(int stepCode, int index) {
        if (code < 0) {
            code = stepCode;
            id = new WindowId(++number, stepCode);
        }
        lastIndex = index;
        return id;
    }

    /** Starts finalizing the open window. */
    void beginFinalize() {
        finalizingCode = code;
        finalizingIndex = lastIndex;
        code = -1;
    }

    /** Forgets the open window without finalizing it (a seek restored a checkpoint). */
    void drop() {
        code = -1;
    }

    int code() {
        return code;
    }

    int finalizingCode() {
        return finalizingCode;
    }

    int finalizingIndex() {
        return finalizingIndex;
    }
}

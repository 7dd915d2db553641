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
package dev.reprise.samples.tower;

/** The colours of keys and of the doors they open. */
public enum KeyColour {
    /** Yellow: the common key. */
    YELLOW('y', 'Y'),
    /** Blue. */
    BLUE('b', 'B'),
    /** Red: the rare key. */
    RED('r', 'R');

    private final char keySymbol;
    private final char doorSymbol;

    KeyColour(char keySymbol, char doorSymbol) {
        this.keySymbol = keySymbol;
        this.doorSymbol = doorSymbol;
    }

    /**
     * Returns the map symbol of a key of this colour.
     *
     * @return a lower-case letter
     */
    public char keySymbol() {
        return keySymbol;
    }

    /**
     * Returns the map symbol of a door of this colour.
     *
     * @return an upper-case letter
     */
    public char doorSymbol() {
        return doorSymbol;
    }
}

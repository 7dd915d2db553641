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

/** What an applied input did; a game loop may use it to pick an animation or a sound. */
public enum Outcome {
    /** The hero stepped onto an empty tile. */
    MOVED,
    /** The move was blocked (wall, edge, locked door, or a monster the hero cannot beat); nothing changed. */
    BLOCKED,
    /** A door was opened with a key; the hero stays where it was. */
    OPENED_DOOR,
    /** The hero stepped onto an item, key or piece of equipment and took it. */
    PICKED_UP,
    /** The hero beat a monster; the hero stays where it was. */
    FOUGHT,
    /** The hero took the stairs to another floor. */
    CHANGED_FLOOR,
    /** A shop or event offers a choice, to be answered by a {@link TowerCodes#CHOICE} input. */
    CHOICE_OPENED,
    /** A choice was answered and the offer stays open (a shop after a purchase). */
    CHOICE_ANSWERED,
    /** A choice was answered and the offer closed. */
    CHOICE_CLOSED,
    /** The hero teleported to a reachable tile of the current floor. */
    TELEPORTED,
    /** The hero flew to a floor already reached. */
    FLEW,
    /** An item from the inventory was used. */
    USED_ITEM,
    /** A piece of equipment was put on. */
    EQUIPPED,
    /** A piece of equipment was taken off. */
    UNEQUIPPED
}

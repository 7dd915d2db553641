/**
 * Edit and continue: {@link dev.reprise.edit.ReplayEditor} changes any step of a game's route and shows
 * the result at once, replaying only from the nearest kept state of the game, with undo, redo and
 * branches. See {@code docs/editing.md}.
 */
@NullMarked
package dev.reprise.edit;

import org.jspecify.annotations.NullMarked;

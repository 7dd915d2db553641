/**
 * The replay viewer: a Reactor Netty server and a plain HTML/JS page that show a game's replays on
 * Reprise's playback, one {@link dev.reprise.playback.ReplaySandbox} per page, steps sent over a
 * WebSocket by the page's credits. Start it with {@link dev.reprise.samples.viewer.ViewerServer}; a
 * game plugs in as a {@link dev.reprise.samples.viewer.ViewerGame}. See {@code docs/viewer.md}.
 */
@NullMarked
package dev.reprise.samples.viewer;

import org.jspecify.annotations.NullMarked;

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
/**
 * The browser replay viewer for any game: a Reactor Netty server and a plain HTML/JS page that show a
 * game's replays on Reprise's playback, one {@link dev.reprise.playback.ReplaySandbox} per page, steps
 * sent over a WebSocket by the page's credits.
 *
 * <p>A game plugs in by implementing {@link dev.reprise.viewer.ViewerGame} (found with
 * {@link java.util.ServiceLoader}) and {@link dev.reprise.viewer.GameReplay}; its renderer script, if
 * any, lives in its own jar under {@link dev.reprise.viewer.ViewerGame#RESOURCES}. Run it with
 * {@link dev.reprise.viewer.ViewerMain} (the {@code reprise-<version>-viewer.jar}) or start a
 * {@link dev.reprise.viewer.ViewerServer} in code. Needs the optional dependencies
 * {@code reactor-netty-http}, {@code jackson-databind} and (for the command line) {@code picocli}.
 * See {@code docs/viewer.md}.
 */
@NullMarked
package dev.reprise.viewer;

import org.jspecify.annotations.NullMarked;

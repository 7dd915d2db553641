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
package dev.reprise.viewer;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.reprise.route.ReplayStep;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A session spectating the live game: the feed (catch-up, then live) pumped to the page by credits. */
final class LivePlayback implements Playback {

    private final ViewerSession session;
    private final LiveGame.LiveView view;
    private final Map<Integer, String> names;
    private final Pump pump;
    private final long catchUpBytes;
    private final long bufferBytes;
    /** Its share of the session budget, given back by {@link #close()}. */
    private final SessionBudget.Reservation held;
    private long lastViewNanos;

    /**
     * Joins the live game within the session budget.
     *
     * @throws IllegalArgumentException if the spectator's catch-up and buffer do not fit the session budget
     */
    LivePlayback(ViewerSession session, ViewerGames.Played game, LiveGame live, int maxCredits, SessionBudget budget) {
        this.session = session;
        LiveGame.Spectator spectator = live.join(); // refused before its feed is subscribed: nothing is held then
        this.held = budget.reserveOrRefuse("watching the live game", SessionBudget.liveBytes(spectator));
        this.view = spectator.view();
        this.catchUpBytes = spectator.catchUpBytes();
        this.bufferBytes = spectator.bufferBytes();
        this.names = live.codeNames();
        this.pump = new Pump(session, maxCredits);
        session.send(Json.object().put("t", "opened").put("kind", "live").put("name", "live").put("game", game.game().gameId())
                .put("renderer", game.renderer()).set("v", Json.tree(view.state())));
        spectator.steps().subscribe(pump);
    }

    @Override
    public boolean grant(long n) {
        return pump.grant(n);
    }

    private static IllegalArgumentException watchOnly() {
        return new IllegalArgumentException("a live game is only watched: open a replay to control playback");
    }

    @Override
    public void play() {
        throw watchOnly();
    }

    @Override
    public void pause() {
        throw watchOnly();
    }

    @Override
    public void step() {
        throw watchOnly();
    }

    @Override
    public void speed(double speed) {
        throw watchOnly();
    }

    @Override
    public void seek(int target) {
        throw watchOnly();
    }

    @Override
    public void answer(int stepIndex, int option) {
        throw watchOnly();
    }

    @Override
    public Map<String, Long> memory() {
        // The route copied for the catch-up (the feed holds it while it is watched), and the live buffer at its bound.
        return Map.of("catchUp", catchUpBytes, "liveBuffer", bufferBytes);
    }

    @Override
    public @Nullable ArrayNode checkpointsIfChanged() {
        return null;
    }

    @Override
    public void close() {
        pump.dispose();
        held.close();
    }

    /** Applies each watched step to the spectator's game and sends it. */
    private final class Pump extends CreditPump<ReplayStep> {

        Pump(ViewerSession session, int maxCredits) {
            super(session, maxCredits);
        }

        @Override
        protected void onElement(ReplayStep step) {
            view.apply(step);
            long now = System.nanoTime();
            ObjectNode out = Json.object().put("t", "step").put("live", true).put("i", step.index()).put("c", step.code())
                    .put("n", names.getOrDefault(step.code(), "code " + step.code()));
            if (now - lastViewNanos >= ReplayPlayback.VIEW_INTERVAL_NANOS) {
                lastViewNanos = now;
                out.set("v", Json.tree(view.state()));
            }
            sendStep(Json.write(out));
        }

        @Override
        protected void hookOnComplete() {
            session.send(Json.object().put("t", "ended").put("live", true).set("v", Json.tree(view.state())));
        }

        @Override
        protected void hookOnError(Throwable error) {
            session.send(Json.object().put("t", "failed").put("live", true)
                    .put("message", "the live feed stopped: " + error.getMessage()));
        }
    }
}

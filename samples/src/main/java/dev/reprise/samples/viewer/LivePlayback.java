package dev.reprise.samples.viewer;

import dev.reprise.route.ReplayStep;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** A session spectating the live game: the feed (catch-up, then live) pumped to the page by credits. */
final class LivePlayback implements Playback {

    private final ViewerSession session;
    private final LiveGame.LiveView view;
    private final Map<Integer, String> names;
    private final Pump pump;
    private long lastViewNanos;

    LivePlayback(ViewerSession session, ViewerGame game, LiveGame live, int maxCredits) {
        this.session = session;
        LiveGame.Spectator spectator = live.join();
        this.view = spectator.view();
        this.names = live.codeNames();
        this.pump = new Pump(session.outbox(), maxCredits);
        StringBuilder opened = new StringBuilder("{\"t\":\"opened\",\"kind\":\"live\",\"name\":\"live\",\"game\":");
        Json.quote(opened, game.gameId()).append(",\"renderer\":");
        Json.quote(opened, game.renderer()).append(",\"v\":").append(view.view()).append('}');
        session.send(opened.toString());
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
        return Map.of();
    }

    @Override
    public long sent() {
        return pump.sent();
    }

    @Override
    public @Nullable String checkpointsIfChanged() {
        return null;
    }

    @Override
    public void close() {
        pump.dispose();
    }

    /** Applies each watched step to the spectator's game and sends it. */
    private final class Pump extends CreditPump<ReplayStep> {

        Pump(Outbox outbox, int maxCredits) {
            super(outbox, maxCredits);
        }

        @Override
        protected void onElement(ReplayStep step) {
            view.apply(step);
            long now = System.nanoTime();
            StringBuilder out = new StringBuilder(512).append("{\"t\":\"step\",\"live\":true,\"i\":").append(step.index())
                    .append(",\"c\":").append(step.code()).append(",\"n\":");
            Json.quote(out, names.getOrDefault(step.code(), "code " + step.code()));
            if (now - lastViewNanos >= ReplayPlayback.VIEW_INTERVAL_NANOS) {
                lastViewNanos = now;
                out.append(",\"v\":").append(view.view());
            }
            sendStep(out.append('}').toString());
        }

        @Override
        protected void hookOnComplete() {
            session.send("{\"t\":\"ended\",\"live\":true,\"v\":" + view.view() + "}");
        }

        @Override
        protected void hookOnError(Throwable error) {
            StringBuilder out = new StringBuilder("{\"t\":\"failed\",\"live\":true,\"message\":");
            Json.quote(out, "the live feed stopped: " + error.getMessage());
            session.send(out.append('}').toString());
        }
    }
}

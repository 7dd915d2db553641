package dev.reprise.samples.viewer;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jspecify.annotations.Nullable;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Scheduler;

/**
 * One page's session, the server side of one WebSocket: it parses the page's messages, runs them one
 * at a time on a worker of its own, and owns at most one {@link Playback} (one sandbox) at a time.
 * Closing it (the socket closed, the page idle too long, its outbox overflowed, the server stopping)
 * releases everything it holds. A bad message gets an error reply and changes nothing.
 */
final class ViewerSession implements Disposable {

    private final long id;
    private final ViewerServer server;
    private final ViewerOptions options;
    private final Scheduler scheduler;
    private final Scheduler.Worker worker;
    private final Outbox outbox;
    private final Disposable ticker;
    private volatile long lastHeard = System.nanoTime();
    private volatile boolean closed;
    /** Touched on the worker only. */
    private volatile @Nullable Playback playback;
    private long sentAtLastTick;

    ViewerSession(long id, ViewerServer server, ViewerOptions options, Scheduler scheduler) {
        this.id = id;
        this.server = server;
        this.options = options;
        this.scheduler = scheduler;
        this.worker = scheduler.createWorker();
        this.outbox = new Outbox(options.maxCredits() + 64, this::dispose);
        this.ticker = Flux.interval(java.time.Duration.ofSeconds(1), scheduler)
                .subscribe(tick -> worker.schedule(this::tick));
        send("{\"t\":\"hello\",\"session\":" + id + ",\"maxCredits\":" + options.maxCredits() + "}");
    }

    /** @return the messages for the page */
    Flux<String> messages() {
        return outbox.messages();
    }

    Outbox outbox() {
        return outbox;
    }

    /** Queues a message for the page. */
    void send(String message) {
        outbox.send(message);
    }

    /** Queues an error reply. */
    void error(String message) {
        StringBuilder out = new StringBuilder("{\"t\":\"error\",\"message\":");
        send(Json.quote(out, message).append('}').toString());
    }

    /**
     * Takes one message from the page; it runs later on the session's worker.
     *
     * @param text the WebSocket text frame
     */
    void receive(String text) {
        lastHeard = System.nanoTime();
        if (!closed) {
            worker.schedule(() -> handle(text));
        }
    }

    private void handle(String text) {
        if (closed) {
            return;
        }
        try {
            Map<String, Object> message = Json.parseFlat(text);
            Object type = message.get("t");
            if (!(type instanceof String name)) {
                throw new IllegalArgumentException("a message needs a string \"t\" (its type)");
            }
            dispatch(name, message);
        } catch (IllegalArgumentException e) {
            error(e.getMessage());
        } catch (RuntimeException e) {
            error("the server could not do that: " + e);
        }
    }

    private void dispatch(String type, Map<String, Object> message) {
        switch (type) {
            case "ping" -> { }
            case "open" -> open(message);
            case "live" -> live();
            case "credit" -> {
                long n = integer(message, "n", 1, options.maxCredits());
                if (!current().grant(n)) {
                    error("credits capped at " + options.maxCredits() + " outstanding");
                }
            }
            case "play" -> current().play();
            case "pause" -> current().pause();
            case "step" -> current().step();
            case "speed" -> current().speed(number(message, "x"));
            case "seek" -> current().seek((int) integer(message, "to", 0, Integer.MAX_VALUE));
            case "answer" -> current().answer((int) integer(message, "i", 0, Integer.MAX_VALUE),
                    (int) integer(message, "option", 0, 1000));
            default -> throw new IllegalArgumentException("unknown message type \"" + type + "\"");
        }
    }

    private void open(Map<String, Object> message) {
        Object mode = message.getOrDefault("mode", "route");
        if (!"route".equals(mode) && !"interactive".equals(mode)) {
            throw new IllegalArgumentException("mode must be \"route\" or \"interactive\", was " + mode);
        }
        ReplayLibrary.Loaded loaded;
        if (message.get("file") instanceof String file) {
            loaded = server.library().open(file);
        } else if (message.get("upload") instanceof String token) {
            loaded = server.library().takeUpload(token);
        } else {
            throw new IllegalArgumentException("open needs a \"file\" name or an \"upload\" token");
        }
        replace(null);
        try {
            playback = new ReplayPlayback(this, loaded, "interactive".equals(mode), false, options, scheduler, worker);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(loaded.name() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Replaces the current replay by a fresh one on the same file and seeks it: what a seek on a
     * playback that has ended or failed does. Runs on the worker.
     */
    void reopen(ReplayLibrary.Loaded loaded, boolean interactive, int target) {
        replace(null);
        ReplayPlayback next = new ReplayPlayback(this, loaded, interactive, true, options, scheduler, worker);
        playback = next;
        next.seek(target);
    }

    private void live() {
        for (ViewerGame game : server.games()) {
            LiveGame live = game.live();
            if (live != null) {
                replace(null);
                playback = new LivePlayback(this, game, live, options.maxCredits());
                return;
            }
        }
        throw new IllegalArgumentException("no game is being played live on this server");
    }

    private void replace(@Nullable Playback next) {
        if (playback != null) {
            playback.close();
        }
        playback = next;
    }

    private Playback current() {
        if (playback == null) {
            throw new IllegalArgumentException("nothing is open: open a replay or the live game first");
        }
        return playback;
    }

    private static long integer(Map<String, Object> message, String key, long min, long max) {
        Object value = message.get(key);
        if (!(value instanceof Long n) || n < min || n > max) {
            throw new IllegalArgumentException("\"" + key + "\" must be a whole number " + min + ".." + max + ", was "
                    + value);
        }
        return n;
    }

    private static double number(Map<String, Object> message, String key) {
        Object value = message.get(key);
        if (!(value instanceof Number n)) {
            throw new IllegalArgumentException("\"" + key + "\" must be a number, was " + value);
        }
        return n.doubleValue();
    }

    /** Once a second: the idle check, and the stats for the page. */
    private void tick() {
        if (closed) {
            return;
        }
        if (System.nanoTime() - lastHeard > options.idleTimeout().toNanos()) {
            error("closed after " + options.idleTimeout().toSeconds() + " s without a message from the page");
            dispose();
            return;
        }
        Playback current = playback;
        long sent = current == null ? 0 : current.sent();
        StringBuilder out = new StringBuilder(160).append("{\"t\":\"stats\",\"rate\":").append(sent - sentAtLastTick)
                .append(",\"memory\":{");
        long total = 0;
        Map<String, Long> parts = current == null ? Map.of() : current.memory();
        for (Map.Entry<String, Long> part : parts.entrySet()) {
            out.append('"').append(part.getKey()).append("\":").append(part.getValue()).append(',');
            total += part.getValue();
        }
        long queued = outbox.queuedChars() * 2;
        total += queued;
        out.append("\"outbox\":").append(queued).append(",\"total\":").append(total).append('}');
        sentAtLastTick = sent;
        String checkpoints = current == null ? null : current.checkpointsIfChanged();
        if (checkpoints != null) {
            out.append(",\"checkpoints\":").append(checkpoints);
        }
        send(out.append('}').toString());
    }

    /** @return the session's id */
    long id() {
        return id;
    }

    /** @return step messages sent by the current playback */
    long sent() {
        Playback current = playback;
        return current == null ? 0 : current.sent();
    }

    /** @return the estimated bytes the session holds now: its playback's parts and its outbox */
    long bytes() {
        Playback current = playback;
        long total = outbox.queuedChars() * 2;
        if (current != null) {
            total += current.memory().values().stream().mapToLong(Long::longValue).sum();
        }
        return total;
    }

    @Override
    public void dispose() {
        if (closed) {
            return;
        }
        closed = true;
        ticker.dispose();
        worker.schedule(() -> {
            replace(null);
            outbox.close();
            worker.dispose();
        });
        server.closed(this);
    }

    @Override
    public boolean isDisposed() {
        return closed;
    }
}

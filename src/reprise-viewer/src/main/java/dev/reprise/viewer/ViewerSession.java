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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * One page's session, the server side of one WebSocket: it parses the page's messages, runs them one
 * at a time on a worker of its own (taking the next only when one is done, so a page that sends faster
 * than its messages are handled is held back, never queued without bound), and owns at most one
 * {@link Playback} (one sandbox) at a time.
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
    /** The lease of the game the playback plays (a folder's jar stays loaded while held); on the worker only. */
    private ViewerGames.@Nullable Played held;
    /** The edit mode's copy of the replay, if entered; on the worker only. */
    private @Nullable EditSession edit;
    private final AtomicLong sent = new AtomicLong();
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
        send(Json.object().put("t", "hello").put("session", id).put("maxCredits", options.maxCredits()));
    }

    /** @return the messages for the page */
    Flux<String> messages() {
        return outbox.messages();
    }

    Outbox outbox() {
        return outbox;
    }

    /** Queues a message for the page. */
    void send(ObjectNode message) {
        outbox.send(Json.write(message));
    }

    /** Queues an error reply. */
    void error(String message) {
        send(Json.object().put("t", "error").put("message", message));
    }

    /** Counts one step message sent to the page: the session's and the server's totals only grow. */
    void stepSent() {
        sent.incrementAndGet();
        server.stepSent();
    }

    /** Notes that the page is there (a message or a ping came): the idle timeout starts again. */
    void heard() {
        lastHeard = System.nanoTime();
    }

    /**
     * Takes one message from the page, to run on the session's worker.
     *
     * @param text the WebSocket text frame
     * @return completes once the message has been handled (at once if the session is closed): the socket
     *     reads further messages only as these complete (see {@link SessionSocket})
     */
    Mono<Void> receive(String text) {
        heard();
        return Mono.create(handled -> {
            if (closed) {
                handled.success();
                return;
            }
            try {
                handled.onCancel(worker.schedule(() -> {
                    handle(text);
                    handled.success();
                }));
            } catch (RejectedExecutionException e) {
                handled.success(); // the session closed meanwhile: the message is dropped with it
            }
        });
    }

    private void handle(String text) {
        if (closed) {
            return;
        }
        try {
            ObjectNode message = Json.parseFlat(text);
            JsonNode type = message.get("t");
            if (type == null || !type.isTextual()) {
                throw new IllegalArgumentException("a message needs a string \"t\" (its type)");
            }
            dispatch(type.asText(), message);
        } catch (IllegalArgumentException e) {
            error(Objects.requireNonNullElse(e.getMessage(), e.toString()));
        } catch (RuntimeException e) {
            error("the server could not do that: " + e);
        }
    }

    private void dispatch(String type, ObjectNode message) {
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
            case "edit" -> edit(message);
            case "answer" -> current().answer((int) integer(message, "i", 0, Integer.MAX_VALUE),
                    (int) integer(message, "option", 0, 1000));
            default -> throw new IllegalArgumentException("unknown message type \"" + type + "\"");
        }
    }

    private void open(ObjectNode message) {
        String mode = message.path("mode").asText("route");
        if (!"route".equals(mode) && !"interactive".equals(mode)) {
            throw new IllegalArgumentException("mode must be \"route\" or \"interactive\", was " + message.get("mode"));
        }
        String upload = message.path("upload").isTextual() ? message.get("upload").asText() : null;
        ReplayLibrary.Loaded loaded; // its game leased: held by the session while the replay is open
        if (message.path("file").isTextual()) {
            loaded = server.library().open(message.get("file").asText());
        } else if (upload != null) {
            // Taken once it fits: a refused upload can be opened later.
            loaded = server.library().play(server.library().peekUpload(upload));
        } else {
            throw new IllegalArgumentException("open needs a \"file\" name or an \"upload\" token");
        }
        try {
            leaveEdit();
            replace(null, null);
            SessionBudget.Reservation reserved = reserve(loaded);
            if (upload != null) {
                try {
                    server.library().takeUpload(upload);
                } catch (RuntimeException e) {
                    reserved.close(); // another session took it first
                    throw e;
                }
            }
            replace(replay(loaded, "interactive".equals(mode), false, reserved), loaded.played());
        } catch (RuntimeException | Error e) {
            loaded.close();
            if (e instanceof IllegalArgumentException refused) {
                throw new IllegalArgumentException(loaded.name() + ": " + refused.getMessage(), refused);
            }
            throw e;
        }
    }

    /**
     * Reserves a replay's estimated bytes from the session budget.
     *
     * @throws IllegalArgumentException saying so if they do not fit
     */
    private SessionBudget.Reservation reserve(ReplayLibrary.Loaded loaded) {
        return server.sessionBudget().reserveOrRefuse("this replay",
                SessionBudget.replayBytes(loaded.file().save(), options.checkpointBudget()));
    }

    /** Makes a replay's playback, which gives its reserved bytes back when it closes (or now, if it fails). */
    private ReplayPlayback replay(ReplayLibrary.Loaded loaded, boolean interactive, boolean reopened,
            SessionBudget.Reservation held) {
        try {
            return new ReplayPlayback(this, loaded, interactive, reopened, held, options, scheduler, worker);
        } catch (RuntimeException | Error e) {
            held.close();
            throw e;
        }
    }

    /**
     * Replaces the current replay by a fresh one on the same file and seeks it: what a seek on a
     * playback that has ended or failed does. Runs on the worker.
     */
    void reopen(ReplayLibrary.Loaded loaded, boolean interactive, int target) {
        replace(null, loaded.played()); // the same file on the same game: its lease stays held
        ReplayPlayback next = replay(loaded, interactive, true, reserve(loaded));
        playback = next;
        next.seek(target);
    }

    /**
     * Handles an edit message ({@code {"t":"edit","op":...}}): {@code enter} opens edit mode on a copy of the
     * replay open, {@code leave} closes it, and the other operations go to the {@link EditSession}.
     */
    private void edit(ObjectNode message) {
        String op = message.path("op").asText("");
        if ("enter".equals(op)) {
            if (!(playback instanceof ReplayPlayback replay)) {
                throw new IllegalArgumentException("edit: open a replay first (the live game cannot be edited)");
            }
            leaveEdit();
            ReplayLibrary.Loaded loaded = replay.loaded();
            SessionBudget.Reservation reserved = server.sessionBudget().reserveOrRefuse("an edit of this replay",
                    SessionBudget.replayBytes(loaded.file().save(), options.checkpointBudget()));
            EditSession opened;
            try {
                opened = new EditSession(this, server.library(), loaded, reserved, options, scheduler);
            } catch (RuntimeException | Error e) {
                reserved.close();
                throw e;
            }
            edit = opened;
            opened.handle("view", message);
        } else if ("leave".equals(op)) {
            leaveEdit();
            send(Json.object().put("t", "edit").put("op", "left"));
        } else {
            EditSession open = edit;
            if (open == null || open.isClosed()) {
                throw new IllegalArgumentException("edit: not in edit mode; send {\"t\":\"edit\",\"op\":\"enter\"} "
                        + "with a replay open");
            }
            open.handle(op, message);
        }
    }

    private void leaveEdit() {
        EditSession open = edit;
        edit = null;
        if (open != null) {
            open.close();
        }
    }

    private void live() {
        ViewerGames.Played played = options.live() ? server.games().live().orElse(null) : null;
        if (played == null) {
            throw new IllegalArgumentException("no game is being played live on this server");
        }
        try {
            LiveGame live = played.game().live().orElseThrow(
                    () -> new IllegalArgumentException("no game is being played live on this server"));
            leaveEdit();
            replace(null, null);
            replace(new LivePlayback(this, played, live, options.maxCredits(), server.sessionBudget()), played);
        } catch (RuntimeException | Error e) {
            played.close();
            throw e;
        }
    }

    /**
     * Closes the current playback and puts {@code next} in its place, holding the lease of {@code game} (the
     * game it plays) instead of the one held: a lease the session no longer needs is released.
     */
    private void replace(@Nullable Playback next, ViewerGames.@Nullable Played game) {
        Playback old = playback;
        if (old != null) {
            old.close();
        }
        playback = next;
        ViewerGames.Played was = held;
        held = game;
        if (was != null && was != game) {
            was.close();
        }
    }

    private Playback current() {
        if (playback == null) {
            throw new IllegalArgumentException("nothing is open: open a replay or the live game first");
        }
        return playback;
    }

    static long integer(ObjectNode message, String key, long min, long max) {
        JsonNode value = message.get(key);
        if (value == null || !value.canConvertToExactIntegral() || !value.canConvertToLong()
                || value.asLong() < min || value.asLong() > max) {
            throw new IllegalArgumentException("\"" + key + "\" must be a whole number " + min + ".." + max + ", was "
                    + value);
        }
        return value.asLong();
    }

    private static double number(ObjectNode message, String key) {
        JsonNode value = message.get(key);
        if (value == null || !value.isNumber()) {
            throw new IllegalArgumentException("\"" + key + "\" must be a number, was " + value);
        }
        return value.asDouble();
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
        long sentNow = sent.get();
        ObjectNode stats = Json.object().put("t", "stats").put("rate", sentNow - sentAtLastTick);
        ObjectNode memory = stats.putObject("memory");
        long total = 0;
        Map<String, Long> parts = current == null ? Map.of() : current.memory();
        for (Map.Entry<String, Long> part : parts.entrySet()) {
            memory.put(part.getKey(), part.getValue());
            total += part.getValue();
        }
        long queued = outbox.queuedChars() * 2;
        memory.put("outbox", queued).put("total", total + queued);
        sentAtLastTick = sentNow;
        ArrayNode checkpoints = current == null ? null : current.checkpointsIfChanged();
        if (checkpoints != null) {
            stats.set("checkpoints", checkpoints);
        }
        send(stats);
    }

    /** @return the session's id */
    long id() {
        return id;
    }

    /** @return step messages sent to the page since the session opened (never goes down) */
    long sent() {
        return sent.get();
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
            leaveEdit();
            replace(null, null);
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

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
import dev.reprise.ReplaySystem;
import dev.reprise.edit.ReplayEditor;
import dev.reprise.io.ReplayFile;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayStep;
import dev.reprise.verify.VerifiableGame;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * A session's edit mode: a {@link ReplayEditor} on the session's own copy of a replay (a fresh
 * {@link GameReplay} of the file, so the file and every other session's copy stay as they are). Each edit
 * message is checked and applied on the session's worker, then the game is seeked to the cursor on a thread
 * of its own ({@link GameThread}, as a playback's commands run) and the page gets the new view: the state,
 * the steps around the cursor, the game's commands, the kept states and the branches. A step that runs past
 * the viewer's step timeout closes edit mode, saying which. "Save as" writes the edited route as a new file
 * of the viewer's folder, atomically, with a fresh final state hash when the game claims one.
 *
 * <p>One message at a time: while the game is seeking for one, the next is refused ("busy"), so the editor
 * is never changed while it plays. Bad input gets an {@link IllegalArgumentException} naming it, and
 * changes nothing.
 */
final class EditSession implements AutoCloseable {

    /** Steps shown before the cursor. */
    static final int ROWS_BEFORE = 8;
    /** Steps shown from the cursor on. */
    static final int ROWS_AFTER = 16;

    private final ViewerSession session;
    private final ReplayLibrary library;
    private final ReplayLibrary.Loaded loaded;
    private final SessionBudget.Reservation held;
    private final GameReplay replay;
    private final GameThread game;
    private final ReplayEditor editor;
    private final Map<Integer, String> names;
    private final Duration stepTimeout;
    private final Disposable watchdog;
    private final Disposable progress;
    private final AtomicBoolean busy = new AtomicBoolean();
    private volatile boolean closed;
    private volatile @Nullable Disposable inFlight;
    /** The step the game is seeked to after each change; on the worker, or the game thread while busy. */
    private int cursor;

    EditSession(ViewerSession session, ReplayLibrary library, ReplayLibrary.Loaded loaded,
                SessionBudget.Reservation held, ViewerOptions options, Scheduler scheduler) {
        this.session = session;
        this.library = library;
        this.loaded = loaded;
        this.held = held;
        this.replay = loaded.game().open(loaded.file());
        this.game = new GameThread("reprise-viewer-edit-" + session.id());
        this.names = new LinkedHashMap<>(loaded.file().dictionary().asMap());
        this.stepTimeout = options.limits().stepTimeout();
        this.editor = ReplayEditor.open(new EditedGame(replay, game.scheduler(), scheduler, options));
        // A state kept is a step done: a seek's time is counted from the last one.
        this.progress = editor.events().subscribe(event -> game.stepDone());
        long period = GameThread.watchPeriodMillis(stepTimeout);
        this.watchdog = scheduler.schedulePeriodically(this::checkStep, period, period, TimeUnit.MILLISECONDS);
    }

    /** The replay as the editor plays it: the game's commands on the edit's own thread, with checkpoints. */
    private record EditedGame(GameReplay replay, Scheduler runOn, Scheduler scheduler, ViewerOptions options)
            implements VerifiableGame {

        @Override
        public ReplaySystem system() {
            return replay.system();
        }

        @Override
        public SandboxConfig<?> sandbox(ReplayArray route) {
            SandboxConfig.Builder<?> config = replay.sandbox().runOn(runOn).scheduler(scheduler)
                    .stepInterval(Duration.ZERO)
                    .checkpointInterval(options.checkpointInterval())
                    .checkpointBudget(options.checkpointBudget());
            replay.snapshots().ifPresent(config::snapshots);
            return config.build();
        }
    }

    /** @return whether edit mode has closed (left, or its game ran past the step timeout) */
    boolean isClosed() {
        return closed;
    }

    /** @return the file edited */
    String name() {
        return loaded.name();
    }

    /**
     * Handles one edit message on the session's worker: checks and applies it, then seeks the game and sends
     * the view (or an error) once it stands there.
     *
     * @param op the operation: {@code view seek set insert delete undo redo branch restore save}
     * @param message the page's message
     * @throws IllegalArgumentException naming the bad input (or saying the last edit still plays); nothing changed
     */
    void handle(String op, ObjectNode message) {
        if (closed) {
            throw new IllegalArgumentException("edit mode is closed: enter it again");
        }
        if (!busy.compareAndSet(false, true)) {
            throw new IllegalArgumentException("busy: the game is still playing the last edit; wait for its answer");
        }
        try {
            apply(op, message);
        } catch (IndexOutOfBoundsException e) {
            busy.set(false);
            throw new IllegalArgumentException(op + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            busy.set(false);
            throw e;
        }
    }

    private void apply(String op, ObjectNode message) {
        int length = editor.length();
        switch (op) {
            case "view" -> { }
            case "seek" -> cursor = (int) ViewerSession.integer(message, "to", 0, length);
            case "set" -> {
                int step = step(message, length - 1);
                editor.set(step, code(message), params(message));
                cursor = step + 1;
            }
            case "insert" -> {
                int step = step(message, length);
                editor.insert(step, code(message), params(message));
                cursor = step + 1;
            }
            case "delete" -> {
                int step = step(message, length - 1);
                editor.delete(step);
                cursor = step;
            }
            case "undo" -> {
                if (!editor.undo()) {
                    throw new IllegalArgumentException("undo: nothing to undo");
                }
            }
            case "redo" -> {
                if (!editor.redo()) {
                    throw new IllegalArgumentException("redo: nothing to redo");
                }
            }
            case "branch" -> editor.branch(text(message, "name"));
            case "restore" -> editor.restore(text(message, "name"));
            case "save" -> {
                save(library.newFile(text(message, "name")));
                return;
            }
            default -> throw new IllegalArgumentException("unknown edit operation \"" + op + "\": one of view, seek, "
                    + "set, insert, delete, undo, redo, branch, restore, save");
        }
        cursor = Math.min(cursor, editor.length());
        play(op, Mono.fromCallable(() -> view(op)));
    }

    /** Seeks the game to the cursor, then sends what {@code then} makes on the game's thread. */
    private void play(String op, Mono<ObjectNode> then) {
        int target = cursor;
        inFlight = editor.seek(target).then(then.subscribeOn(game.scheduler())).subscribe(out -> {
            busy.set(false);
            session.send(out);
        }, error -> {
            busy.set(false);
            if (!closed) {
                session.error("edit " + op + ": the game could not play to step " + target + ": " + error.getMessage());
            }
        });
    }

    /**
     * Saves the edited route as a new file: played to its end first, for the final state hash the game's files
     * claim, then written atomically (never over a file already there).
     */
    private void save(Path target) {
        cursor = editor.length();
        String name = Objects.requireNonNull(target.getFileName(), "a file of the folder").toString();
        play("save", Mono.fromCallable(() -> {
            ReplayFile file = file();
            if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                throw new IllegalArgumentException("\"" + name + "\" was written meanwhile: save as a new name");
            }
            try {
                file.write(target);
            } catch (IOException e) {
                throw new IllegalArgumentException("cannot write \"" + name + "\": " + e.getMessage(), e);
            }
            return view("save").put("saved", name);
        }));
    }

    /** The edited route as a replay file of the same game; on the game's thread, the game at the route's end. */
    private ReplayFile file() {
        ReplayFile original = loaded.file();
        Map<String, String> metadata = new LinkedHashMap<>(original.metadata());
        replay.finalHashKey().ifPresent(key -> replay.stateHash()
                .ifPresent(hash -> metadata.put(key, HexFormat.of().toHexDigits(hash))));
        return ReplayFile.builder(editor.route().saveState()).gameId(original.gameId())
                .gameBuild(original.gameBuild()).dictionary(original.dictionary())
                .compression(original.compression()).metadata(metadata).build();
    }

    /** The page's view of the edit; on the game's thread, while the worker waits (busy). */
    private ObjectNode view(String op) {
        int position = editor.position();
        ReplayArray route = replay.system().array();
        int length = route.length();
        ObjectNode out = Json.object().put("t", "edit").put("op", op).put("file", loaded.name())
                .put("cursor", cursor).put("position", position).put("length", length);
        if (position >= 0) {
            out.set("v", Json.tree(replay.state()));
        }
        ArrayNode rows = out.putArray("rows");
        for (int i = Math.max(0, cursor - ROWS_BEFORE); i < Math.min(length, cursor + ROWS_AFTER); i++) {
            ReplayStep step = route.get(i);
            ObjectNode row = rows.addObject().put("i", i).put("c", step.code())
                    .put("n", names.getOrDefault(step.code(), "code " + step.code()));
            row.set("p", Json.tree(step.params()));
        }
        ArrayNode commands = out.putArray("commands");
        replay.system().commandDictionary().asMap().forEach((code, name) -> commands.addObject().put("c", code)
                .put("n", name));
        ArrayNode kept = out.putArray("kept");
        for (int step : editor.keptSteps()) {
            kept.add(step);
        }
        ArrayNode branches = out.putArray("branches");
        editor.branches().forEach(branches::add);
        return out;
    }

    private static int step(ObjectNode message, int last) {
        if (last < 0) {
            throw new IllegalArgumentException("the route has no step there: it is empty");
        }
        return (int) ViewerSession.integer(message, "i", 0, last);
    }

    private static int code(ObjectNode message) {
        return (int) ViewerSession.integer(message, "code", 0, 0xFFFF);
    }

    private static String text(ObjectNode message, String key) {
        JsonNode value = message.get(key);
        if (value == null || !value.isTextual()) {
            throw new IllegalArgumentException("\"" + key + "\" must be a string, was " + value);
        }
        return value.asText();
    }

    /**
     * Reads the params: a JSON array in the string {@code params} (the page's messages are flat), of booleans,
     * numbers and strings; whole numbers as {@code Integer}, {@code Long} or {@code BigInteger} by size.
     */
    static Object[] params(ObjectNode message) {
        JsonNode given = message.get("params");
        if (given == null || given.isNull()) {
            return new Object[0];
        }
        if (!given.isTextual()) {
            throw new IllegalArgumentException("\"params\" must be a JSON array in a string, e.g. \"[1, \\\"a\\\"]\"");
        }
        ArrayNode array = Json.parseArray(given.asText());
        Object[] params = new Object[array.size()];
        for (int i = 0; i < params.length; i++) {
            params[i] = param(i, array.get(i));
        }
        return params;
    }

    private static Object param(int i, JsonNode value) {
        if (value.isBoolean()) {
            return value.booleanValue();
        }
        if (value.isTextual()) {
            return value.textValue();
        }
        if (value.isIntegralNumber()) {
            if (value.canConvertToInt()) {
                return value.intValue();
            }
            return value.canConvertToLong() ? (Object) value.longValue() : (Object) value.bigIntegerValue();
        }
        if (value.isNumber()) {
            return value.doubleValue();
        }
        throw new IllegalArgumentException("param " + i + " is " + value + ": a param is a boolean, a number or a "
                + "string");
    }

    /** Closes edit mode if a step has run past the step timeout, naming it; on the viewer's timer. */
    private void checkStep() {
        if (closed || !game.overrun(stepTimeout)) {
            return;
        }
        session.send(Json.object().put("t", "edit").put("op", "closed").put("message", "the game's command did "
                + "not complete within the viewer's " + stepTimeout.toMillis() + " ms step timeout while seeking to "
                + "step " + cursor + ": edit mode is closed"));
        close();
    }

    /** Leaves edit mode: stops the game's thread and gives the copy's bytes back. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        watchdog.dispose();
        progress.dispose();
        Disposable playing = inFlight;
        if (playing != null) {
            playing.dispose();
        }
        game.close();
        held.close();
    }
}

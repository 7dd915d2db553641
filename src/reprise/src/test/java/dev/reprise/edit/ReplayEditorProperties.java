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
package dev.reprise.edit;

import static dev.reprise.edit.EditGame.A;
import static dev.reprise.edit.EditGame.B;
import static dev.reprise.edit.EditGame.H;
import static dev.reprise.edit.EditGame.P;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random edit scripts against a model that keeps the route as a list and computes the game's value by
 * replaying it from scratch, by the playback rules (groups, windows finalized where the code changes or
 * the route ends, passive answers applied after their active step, lone passive steps skipped). The
 * recorded route carries state-hash steps; the edits never write one, so after each seek every hash step
 * before where it landed must carry the model's state there (the editor refreshed the stale ones).
 * {@code -Deditor.seed=S} replays a run, {@code -Deditor.script=S} one script of it.
 */
class ReplayEditorProperties {

    private static final int SCRIPTS = 60;
    private static final int OPS = 60;

    /** What the model's undo gives back: the route and the branches. */
    record Snapshot(List<Step> route, Map<String, List<Step>> branches) {
    }

    /** A step of the model: code and its one int param. */
    record Step(int code, int param) {
    }

    @Test
    void randomEditScripts_seekAlwaysGivesTheStateOfAFreshPlayback() {
        long seed = Long.getLong("editor.seed", System.nanoTime());
        System.out.println("ReplayEditorProperties seed " + seed);
        Random seeds = new Random(seed);
        for (int script = 0; script < SCRIPTS; script++) {
            long scriptSeed = Long.getLong("editor.script", seeds.nextLong());
            try {
                runScript(scriptSeed);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("script seed " + scriptSeed + " (run seed " + seed + "): " + e, e);
            }
        }
    }

    private static void runScript(long seed) {
        Random random = new Random(seed);
        int interval = 1 + random.nextInt(8);
        long budget = random.nextBoolean() ? Long.MAX_VALUE / 2 : 100L * (1 + random.nextInt(6));
        EditGame game = new EditGame(interval, budget, random.nextInt(5) > 0, null);
        List<Step> model = new ArrayList<>();
        for (int i = random.nextInt(30); i > 0; i--) {
            model.add(random.nextInt(6) == 0 ? new Step(H, 0) : randomStep(random));
        }
        for (int i = 0; i < model.size(); i++) {
            Step step = model.get(i);
            game.system.record(step.code(), step.code() == H ? value(model, i) : step.param());
        }
        ReplayEditor editor = ReplayEditor.builder(game).historySize(1 + random.nextInt(6)).build();
        ArrayDeque<Snapshot> undo = new ArrayDeque<>();
        ArrayDeque<Snapshot> redo = new ArrayDeque<>();
        Map<String, List<Step>> branches = new HashMap<>();
        int historySize = historySizeOf(editor);
        for (int op = 0; op < OPS; op++) {
            Snapshot before = new Snapshot(List.copyOf(model), Map.copyOf(branches));
            boolean changed = true;
            switch (random.nextInt(9)) {
                case 0, 1 -> {
                    if (model.isEmpty()) {
                        changed = false;
                        assertThatThrownBy(() -> editor.set(0, A, 1)).isInstanceOf(IndexOutOfBoundsException.class);
                    } else {
                        int k = random.nextInt(model.size());
                        Step step = randomStep(random);
                        editor.set(k, step.code(), step.param());
                        model.set(k, step);
                    }
                }
                case 2 -> {
                    int k = random.nextInt(model.size() + 1);
                    Step step = randomStep(random);
                    editor.insert(k, step.code(), step.param());
                    model.add(k, step);
                }
                case 3 -> {
                    if (model.isEmpty()) {
                        changed = false;
                        assertThatThrownBy(() -> editor.delete(0)).isInstanceOf(IndexOutOfBoundsException.class);
                    } else {
                        int k = random.nextInt(model.size());
                        editor.delete(k);
                        model.remove(k);
                    }
                }
                case 4 -> {
                    changed = false;
                    Snapshot target = undo.pollFirst();
                    assertThat(editor.undo()).isEqualTo(target != null);
                    if (target != null) {
                        push(redo, new Snapshot(List.copyOf(model), Map.copyOf(branches)), historySize);
                        model = new ArrayList<>(target.route());
                        branches = new HashMap<>(target.branches());
                    }
                }
                case 5 -> {
                    changed = false;
                    Snapshot target = redo.pollFirst();
                    assertThat(editor.redo()).isEqualTo(target != null);
                    if (target != null) {
                        push(undo, new Snapshot(List.copyOf(model), Map.copyOf(branches)), historySize);
                        model = new ArrayList<>(target.route());
                        branches = new HashMap<>(target.branches());
                    }
                }
                case 6 -> {
                    String name = "b" + random.nextInt(3);
                    if (random.nextBoolean()) {
                        editor.branch(name);
                        branches.put(name, List.copyOf(model));
                    } else if (branches.containsKey(name)) {
                        editor.restore(name);
                        model = new ArrayList<>(branches.get(name));
                    } else {
                        changed = false;
                        assertThatThrownBy(() -> editor.restore(name)).isInstanceOf(IllegalArgumentException.class);
                    }
                }
                default -> {
                    changed = false;
                    int target = random.nextInt(model.size() + 1);
                    editor.seek(target).block(Duration.ofSeconds(10));
                    int at = landing(model, target);
                    assertThat(editor.position()).isEqualTo(at);
                    assertThat(game.value).as("value after seek(%d) of %s", target, model).isEqualTo(value(model, at));
                    for (int h = 0; h < at; h++) {
                        if (model.get(h).code() == H) {
                            assertThat(editor.route().get(h).longParam(0)).as("hash step %d of %s", h, model)
                                    .isEqualTo(value(model, h));
                        }
                    }
                }
            }
            if (changed) {
                push(undo, before, historySize);
                redo.clear();
            }
            assertThat(editor.length()).isEqualTo(model.size());
            for (int i = 0; i < model.size(); i++) {
                assertThat(editor.route().get(i).code()).isEqualTo(model.get(i).code());
                if (model.get(i).code() != H) {
                    assertThat(editor.route().get(i).intParam(0)).isEqualTo(model.get(i).param());
                }
            }
            assertThat(editor.keptBytes()).isLessThanOrEqualTo(budget);
            assertThat(editor.branches()).containsExactlyInAnyOrderElementsOf(branches.keySet());
        }
    }

    private static int historySizeOf(ReplayEditor editor) {
        // The builder's size is not readable back; the script sets it, so read it off the field.
        try {
            var field = ReplayEditor.class.getDeclaredField("historySize");
            field.setAccessible(true);
            return field.getInt(editor);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static void push(ArrayDeque<Snapshot> stack, Snapshot state, int size) {
        stack.addFirst(state);
        if (stack.size() > size) {
            stack.removeLast();
        }
    }

    private static Step randomStep(Random random) {
        int roll = random.nextInt(10);
        return new Step(roll < 4 ? A : roll < 8 ? B : P, random.nextInt(50));
    }

    // ------------------------------------------------------------------ the model

    private static boolean activeBefore(List<Step> route, int step) {
        for (int i = step - 1; i >= 0; i--) {
            if (route.get(i).code() != P) {
                return true;
            }
        }
        return false;
    }

    static int landing(List<Step> route, int target) {
        int at = target;
        if (at < route.size() && route.get(at).code() == P && activeBefore(route, at)) {
            while (at < route.size() && route.get(at).code() == P) {
                at++;
            }
        }
        return at;
    }

    static long value(List<Step> route, int steps) {
        long value = 0;
        int window = -1;
        for (int i = 0; i < steps; i++) {
            Step step = route.get(i);
            if (step.code() == P) {
                if (window >= 0) {
                    value = value * 13 + 500 + step.param();
                }
                continue;
            }
            if (window >= 0 && window != step.code()) {
                value = finalized(value, window);
            }
            window = step.code();
            if (step.code() != H) { // a hash step checks the state, and changes nothing
                value = value * 31 + step.code() * 1000L + step.param() + 1;
            }
        }
        boolean closed = steps == route.size() || route.get(steps).code() != window;
        if (window >= 0 && closed) {
            value = finalized(value, window);
        }
        return value;
    }

    /** @return the value once a window of {@code code} is finalized (a hash step's window has no finalizer) */
    private static long finalized(long value, int code) {
        return code == H ? value : value * 7 + code + 1;
    }
}

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
package dev.reprise.playback;

import static org.assertj.core.api.Assertions.assertThat;

import dev.reprise.ReplaySystem;
import dev.reprise.edit.ReplayEditor;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplayStep;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerState;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The replay editor on the sample tower, whose moves are queued and committed by their window's finalizer:
 * random edits and seeks, each seek compared with a fresh sandbox on a second game playing the edited
 * route (the window before a closed boundary finalized, as the editor does). A state kept inside an open
 * window would skip that window's finalizer once restored, leaving its moves uncommitted: the comparison
 * catches it. {@code -Deditor.seed=S} replays a run, {@code -Deditor.script=S} one script of it.
 */
class EditorTowerProperties {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void randomEditsAndSeeks_onTheTower_holdWhatAFreshSandboxHolds() {
        long seed = Long.getLong("editor.seed", System.nanoTime());
        System.out.println("EditorTowerProperties seed " + seed);
        Random random = new Random(seed);
        for (int script = 0; script < 8; script++) {
            long scriptSeed = Long.getLong("editor.script", random.nextLong());
            try {
                runScript(scriptSeed);
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("script seed " + scriptSeed + " (run seed " + seed + "): " + e, e);
            }
        }
    }

    private static void runScript(long seed) {
        Random random = new Random(seed);
        TowerSeekFixture fixture = TowerSeekFixture.recorded(seed, 3, 150 + random.nextInt(250));
        int interval = 1 + random.nextInt(40);
        ReplayEditor editor = ReplayEditor.open(
                fixture.verifiable(config -> config.snapshots(whole(fixture)).checkpointInterval(interval)));
        for (int op = 0; op < 30; op++) {
            ReplayArray route = fixture.system.array();
            int length = route.length();
            int roll = random.nextInt(6);
            if (roll == 0 && length > 1) {
                editor.delete(random.nextInt(length));
            } else if (roll == 1) {
                ReplayStep copied = route.get(random.nextInt(length));
                editor.insert(random.nextInt(length + 1), copied.code(), copied.params().toArray());
            } else if (roll == 2) {
                ReplayStep copied = route.get(random.nextInt(length));
                editor.set(random.nextInt(length), copied.code(), copied.params().toArray());
            } else if (roll == 3) {
                editor.undo();
            } else {
                int target = random.nextInt(editor.length() + 1);
                editor.seek(target).block(WAIT);
                TowerSeekFixture fresh = TowerSeekFixture.recorded(seed, 3, 1);
                fresh.system.loadState(editor.route().saveState());
                assertThat(held(fixture)).as("seek(%d), landed at %d", target, editor.position())
                        .isEqualTo(freshHeld(fresh, editor.position()));
            }
        }
    }

    private static TowerSeekFixture.Held held(TowerSeekFixture fixture) {
        return fixture.held();
    }

    /** What a fresh sandbox holds at {@code at}, with the window before it finalized where it closes. */
    private static TowerSeekFixture.Held freshHeld(TowerSeekFixture fresh, int at) {
        ReplaySandbox sandbox = fresh.sandbox(b -> { });
        sandbox.steps().subscribe();
        sandbox.seek(at).block(WAIT);
        if (closes(fresh.system, at)) {
            sandbox.stop().block(WAIT);
        }
        return fresh.held();
    }

    private static boolean closes(ReplaySystem system, int at) {
        ReplayArray route = system.array();
        if (at == 0 || at == route.length()) {
            return true;
        }
        int active = at - 1;
        while (active >= 0 && route.get(active).code() == TowerCodes.CHOICE) {
            active--;
        }
        return active < 0 || route.get(at).code() != TowerCodes.CHOICE
                && route.get(at).code() != route.get(active).code();
    }

    /** A whole snapshot of the fixture's game: its state and the moves it holds queued. */
    record Snapshot(TowerState state, List<Integer> queued) {
    }

    /**
     * The fixture's game captured whole: an edited route can break a rule in a window's finalizer, which
     * the fixture's lenient commands ignore, and then the moves stay queued past a closed boundary (the
     * game leaves its queue as it was when a commit fails), so a snapshot keeps them too.
     */
    private static SnapshotProvider<Snapshot> whole(TowerSeekFixture fixture) {
        return new SnapshotProvider<>() {
            @Override
            public Snapshot capture() {
                return new Snapshot(fixture.game.state(), List.copyOf(fixture.pending));
            }

            @Override
            public void restore(Snapshot snapshot) {
                fixture.game.reset(snapshot.state());
                fixture.pending.clear();
                for (int move : snapshot.queued()) {
                    fixture.game.queueMove(move);
                    fixture.pending.add(move);
                }
            }

            @Override
            public long estimateBytes(Snapshot snapshot) {
                TowerState state = snapshot.state();
                return 256L + (long) state.floors() * state.width() * state.height() * Character.BYTES;
            }
        };
    }
}

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
package dev.reprise.samples.viewer.tower;

import com.fasterxml.jackson.databind.JsonNode;
import dev.reprise.ReplaySystem;
import dev.reprise.playback.SandboxConfig;
import dev.reprise.playback.SnapshotProvider;
import dev.reprise.route.ReplayArray;
import dev.reprise.route.ReplaySave;
import dev.reprise.route.ReplayStep;
import dev.reprise.samples.tower.Choice;
import dev.reprise.samples.tower.Tower;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.replay.TowerCommands;
import dev.reprise.samples.verify.TowerVerification;
import dev.reprise.viewer.GameReplay;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.jspecify.annotations.Nullable;

/**
 * One session's tower game: the tower's commands on a fresh game (CHOICE registered with its apply, so
 * the viewer applies recorded and chosen answers alike), its view and its choice dialogs.
 */
final class TowerReplay implements GameReplay {

    private final TowerGame game;
    private final ReplaySystem system;

    TowerReplay(Tower tower, ReplaySave save) {
        this.game = new TowerGame(tower);
        this.system = TowerCommands.player(save, game);
    }

    @Override
    public ReplaySystem system() {
        return system;
    }

    @Override
    public SandboxConfig.Builder<?> sandbox() {
        return TowerCommands.sandbox(system.array(), game);
    }

    @Override
    public Optional<SnapshotProvider<?>> snapshots() {
        return Optional.of(TowerCommands.snapshots(game));
    }

    @Override
    public Optional<String> finalHashKey() {
        return Optional.of(TowerVerification.FINAL_HASH_KEY);
    }

    @Override
    public OptionalLong stateHash() {
        return OptionalLong.of(game.state().stateHash());
    }

    @Override
    public JsonNode state() {
        int queuedMove = -1;
        if (game.queuedMoves() > 0) {
            // The queued moves are the run that ends at the last settled step: all of its code.
            ReplayArray route = system.array();
            int last = Math.min(system.sandbox().map(sandbox -> sandbox.replayed()).orElse(0), route.length()) - 1;
            queuedMove = last >= 0 ? route.get(last).code() : -1;
        }
        return TowerView.of(game, queuedMove);
    }

    @Override
    public @Nullable Prompt prompt(ReplayStep step) {
        Optional<Choice> open = game.state().choice();
        if (step.code() != TowerCodes.CHOICE || open.isEmpty()) {
            return null;
        }
        List<String> options = new ArrayList<>(open.get().dialog().options());
        int recorded = step.intParam(0);
        if (recorded < 0 || recorded >= options.size()) {
            return null; // the route's answer does not fit: applying it fails the playback with the reason
        }
        return new Prompt(open.get().dialog().name().toLowerCase(java.util.Locale.ROOT), options, recorded);
    }

    @Override
    public ReplayStep answer(ReplayStep step, int option) {
        Optional<Choice> open = game.state().choice();
        if (open.isEmpty()) {
            throw new IllegalArgumentException("no dialog is open");
        }
        int options = open.get().dialog().options().size();
        if (option < 0 || option >= options) {
            throw new IllegalArgumentException("option " + option + " is not one of the " + options + " options");
        }
        return GameReplay.super.answer(step, option);
    }
}

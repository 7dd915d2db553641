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
package dev.reprise.shrink;

import dev.reprise.command.ReplayCommand;
import dev.reprise.desync.StateHashCheck;
import dev.reprise.desync.StateHashRecorder;
import dev.reprise.io.ReplayFile;
import dev.reprise.route.ReplayArray;
import java.util.SplittableRandom;

/**
 * A newcomer's turn-based dungeon crawler: a fight earns experience (ten points per point of strength),
 * every thirty points per level a perk dialog opens, and the player's answer (a passive step) takes the
 * perk. On the build with the bug a perk adds its strength twice; on the fixed build, once — so there the
 * hero is weaker, levels up at other fights, and the rest of a replay recorded with the bug no longer fits:
 * its next perk answer comes when no perk dialog is open.
 */
final class PerkGame extends KitGame {

    static final String GAME_ID = "perk-crawler";
    static final int WALK = 1;
    static final int HASH = 9;
    static final int FIGHT = 16;
    /** Passive: the answer to a perk dialog, param 0: the perk chosen. */
    static final int PERK = 17;
    /** The invariant the bug breaks. */
    static final String PERK_ONCE = "a perk is applied once";

    private final boolean buggy;
    private int strength;
    private int experience;
    private int level;
    private int perks;
    private int walked;
    private boolean dialog;

    private PerkGame(boolean buggy) {
        this.buggy = buggy;
        reset();
        system.registerCommand(WALK, "walk", ReplayCommand.sync(step -> walked++));
        system.registerCommand(HASH, "hash", new StateHashCheck(this::hash));
        system.registerCommand(FIGHT, "fight", ReplayCommand.sync(step -> fight()));
        system.registerCommand(PERK, "perk", ReplayCommand.passive(step -> perk()));
    }

    static PerkGame buggy(ReplayFile file) {
        return new PerkGame(true);
    }

    static PerkGame fixed(ReplayFile file) {
        return new PerkGame(false);
    }

    /** The newcomer's replay: {@code length} steps of walks and fights on the build with the bug, hashes every 20. */
    static ReplayFile report(int length) {
        PerkGame game = new PerkGame(true);
        StateHashRecorder recorder = new StateHashRecorder(game.system, HASH, 20, game::hash);
        SplittableRandom random = new SplittableRandom(208);
        ReplayArray route = game.system.array();
        while (route.length() < length) {
            if (random.nextInt(3) == 0) {
                recorder.record(FIGHT);
                game.fight();
                if (game.dialog) {
                    recorder.record(PERK, random.nextInt(3));
                    game.perk();
                }
            } else {
                recorder.record(WALK);
                game.walked++;
            }
        }
        return ReplayFile.builder(game.system.saveState()).gameId(GAME_ID).gameBuild("0.9")
                .dictionary(game.system.commandDictionary()).build();
    }

    private void fight() {
        experience += 10 * strength;
        while (experience >= 30 * level) {
            level++;
            dialog = true;
        }
    }

    private void perk() {
        if (!dialog) {
            throw new IllegalStateException("no perk dialog is open");
        }
        dialog = false;
        perks++;
        strength += buggy ? 2 : 1;
    }

    /** The invariant: every perk taken added one point of strength. */
    boolean perkAppliedOnce() {
        return strength == 1 + perks;
    }

    @Override
    void reset() {
        strength = 1;
        experience = 0;
        level = 1;
        perks = 0;
        walked = 0;
        dialog = false;
    }

    long hash() {
        return ((((strength * 31L + experience) * 31 + level) * 31 + perks) * 31 + walked) * 2 + (dialog ? 1 : 0);
    }

    @Override
    public String toString() {
        return "strength " + strength + ", " + perks + " perks, level " + level + ", " + experience + " xp"
                + (dialog ? ", a perk dialog open" : "");
    }
}

package dev.reprise.samples.viewer.tower;

import dev.reprise.samples.tower.KeyColour;
import dev.reprise.samples.tower.TowerCodes;
import dev.reprise.samples.tower.TowerGame;
import dev.reprise.samples.tower.TowerRuleException;
import dev.reprise.samples.tower.TowerState;
import dev.reprise.samples.viewer.Json;

/**
 * The tower's state as the page's renderer ({@code tower.js}) reads it: the hero's floor as a string of
 * tiles (row by row, the {@link dev.reprise.samples.tower.Tower} legend), the hero's position and the
 * side panel's numbers.
 *
 * <pre>{"floor":0,"floors":40,"w":13,"h":13,"x":6,"y":11,"hp":1000,"atk":10,"def":10,"gold":0,
 *  "keys":[0,0,0],"choice":null,"queued":0,"tiles":"#############..."}</pre>
 */
final class TowerView {

    private TowerView() {
    }

    /**
     * Returns the view of a game as the hero stands: moves queued by a run still being played are
     * walked on a copy, so the hero is drawn where the run has taken him so far.
     *
     * @param game the game, read on the thread that drives it
     * @param queuedMove the code of the queued moves (they are all the same move), or -1 if none
     * @return JSON text
     */
    static String of(TowerGame game, int queuedMove) {
        int queued = game.queuedMoves();
        TowerState state = game.state();
        if (queued > 0 && TowerCodes.isMove(queuedMove)) {
            TowerGame walk = new TowerGame(game.tower());
            walk.reset(state);
            for (int i = 0; i < queued; i++) {
                walk.queueMove(queuedMove);
            }
            try {
                walk.commitMoves();
                state = walk.state();
            } catch (TowerRuleException e) {
                // The committed state stays on screen; playback reports the rule breach itself.
            }
        }
        return of(state, queued);
    }

    /**
     * Returns the view of a state.
     *
     * @param state the state
     * @param queued how many moves of a run are still queued (shown, not applied)
     * @return JSON text
     */
    static String of(TowerState state, int queued) {
        StringBuilder out = new StringBuilder(400);
        int floor = state.floor();
        out.append("{\"floor\":").append(floor)
                .append(",\"floors\":").append(state.floors())
                .append(",\"w\":").append(state.width())
                .append(",\"h\":").append(state.height())
                .append(",\"x\":").append(state.x())
                .append(",\"y\":").append(state.y())
                .append(",\"hp\":").append(state.hp())
                .append(",\"atk\":").append(state.effectiveAttack())
                .append(",\"def\":").append(state.effectiveDefence())
                .append(",\"gold\":").append(state.gold())
                .append(",\"keys\":[");
        KeyColour[] colours = KeyColour.values();
        for (int i = 0; i < colours.length; i++) {
            out.append(i == 0 ? "" : ",").append(state.keys(colours[i]));
        }
        out.append("],\"choice\":");
        if (state.choice().isPresent()) {
            Json.quote(out, state.choice().get().dialog().name());
        } else {
            out.append("null");
        }
        out.append(",\"queued\":").append(queued).append(",\"tiles\":");
        StringBuilder tiles = new StringBuilder(state.width() * state.height());
        for (int y = 0; y < state.height(); y++) {
            for (int x = 0; x < state.width(); x++) {
                tiles.append(state.tile(floor, x, y));
            }
        }
        Json.quote(out, tiles.toString());
        return out.append('}').toString();
    }
}

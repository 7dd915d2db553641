package dev.reprise.samples.viewer;

import dev.reprise.io.ReplayFile;
import dev.reprise.io.ReplayFileVerifier;
import org.jspecify.annotations.Nullable;

/**
 * A game the viewer can show: what the server needs from a game and nothing more. The server (sessions,
 * controls, credits, file picking) knows no game; a game plugs in with its commands (through
 * {@link #replay}), a view of its state as JSON ({@link GameReplay#view()}) and a JavaScript renderer
 * that draws that view ({@link #renderer()}). The tower game's plug-in is
 * {@link dev.reprise.samples.viewer.tower.TowerViewer}; {@code docs/viewer.md} shows what another game
 * provides.
 *
 * <p>Implementations are shared by all sessions and must be thread-safe; what {@link #replay} returns
 * belongs to one session.
 */
public interface ViewerGame {

    /**
     * Returns the game's id as written in its replay files: files are matched to a game by it.
     *
     * @return the id, e.g. {@code dev.reprise.samples.tower}
     */
    String gameId();

    /**
     * Returns the name of the game's renderer script, a classpath resource next to the viewer's page
     * ({@code dev/reprise/samples/viewer/}). It must define {@code window.ViewerRenderers[gameId]} as an
     * object with {@code draw(canvas, view)} and {@code panel(view)} (an array of {@code [label, value]}).
     *
     * @return a file name such as {@code tower.js}
     */
    String renderer();

    /**
     * Returns the verifier every file is checked with before it is played.
     *
     * @return a verifier of this game's id and commands
     */
    ReplayFileVerifier verifier();

    /**
     * Opens one session's game on a verified file: a fresh game, a system with the game's commands and
     * the file's route.
     *
     * @param file a file {@link #verifier()} accepted
     * @param interactive whether passive steps are answered by the viewer (through
     *     {@link GameReplay#prompt}) rather than by the game's commands from the route
     * @return the session's game
     * @throws IllegalArgumentException with a reason a person can read if the file lacks what the game
     *     needs (e.g. metadata)
     */
    GameReplay replay(ReplayFile file, boolean interactive);

    /**
     * Returns the game being played live, for spectators.
     *
     * @return the live game, or {@code null} if this game offers none
     */
    @Nullable
    LiveGame live();
}

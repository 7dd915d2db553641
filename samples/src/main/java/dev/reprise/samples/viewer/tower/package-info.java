/**
 * The tower game's viewer plug-in: its commands and choice dialogs ({@code TowerReplay}), its state as
 * JSON for its renderer ({@code TowerView}) and the bot playing live ({@code TowerLive}), behind
 * {@link dev.reprise.samples.viewer.tower.TowerViewer}.
 */
@NullMarked
package dev.reprise.samples.viewer.tower;

import org.jspecify.annotations.NullMarked;

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
// The tower game's renderer for the Reprise viewer: draws the view TowerView sends.
'use strict';
(function () {
  const COLOURS = {
    '#': '#3b3b46', '.': '#d9d2bf', '>': '#7a4fc9', '<': '#a98be0', '$': '#e08a1e',
    'y': '#e6c619', 'b': '#2e6fd6', 'r': '#d33a2c', 'Y': '#9c8410', 'B': '#1d4a93', 'R': '#8e2118',
    'A': '#22a6b3', 'M': '#22a6b3', 'F': '#22a6b3'
  };
  const HERO = '#ff00ff';
  function colour(tile) {
    if (COLOURS[tile]) { return COLOURS[tile]; }
    if (tile >= '0' && tile <= '9') { return '#b3261e'; }
    if ('hHadgek'.includes(tile)) { return '#3c9a3c'; }
    if ('wuWU'.includes(tile)) { return '#6d8f9e'; }
    return '#d9d2bf';
  }
  window.ViewerRenderers['dev.reprise.samples.tower'] = {
    heroColour: HERO,
    draw(canvas, v) {
      const g = canvas.getContext('2d');
      const size = Math.floor(Math.min(canvas.width / v.w, canvas.height / v.h));
      g.font = 'bold ' + Math.floor(size * 0.55) + 'px monospace';
      g.textAlign = 'center';
      g.textBaseline = 'middle';
      for (let y = 0; y < v.h; y++) {
        for (let x = 0; x < v.w; x++) {
          const tile = v.tiles[y * v.w + x];
          g.fillStyle = colour(tile);
          g.fillRect(x * size, y * size, size, size);
          if (tile !== '#' && tile !== '.') {
            g.fillStyle = '#fff';
            g.fillText(tile, x * size + size / 2, y * size + size / 2);
          }
        }
      }
      g.fillStyle = HERO;
      g.beginPath();
      g.arc(v.x * size + size / 2, v.y * size + size / 2, size * 0.4, 0, 2 * Math.PI);
      g.fill();
    },
    panel(v) {
      return [
        ['floor', 'floor', (v.floor + 1) + ' / ' + v.floors],
        ['hp', 'hp', v.hp], ['atk', 'atk', v.atk], ['def', 'def', v.def], ['gold', 'gold', v.gold],
        ['keys', 'keys (y/b/r)', v.keys.join(' / ')],
        ['pos', 'hero at', v.x + ',' + v.y],
        ['choice', 'dialog', v.choice ? v.choice.toLowerCase() : '-']
      ];
    }
  };
})();

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
// The Reprise viewer page: plain JS, no build. It talks to the server over one WebSocket and grants
// credits for step messages as they arrive (see docs/viewer.md); the game's renderer script draws, once
// per animation frame. Credits never wait for a frame: the server's pacing decides the speed, and a tab
// in the background (whose frames the browser throttles) is handled on purpose (see onVisibility).
'use strict';
window.ViewerRenderers = window.ViewerRenderers || {};

(function () {
  const WINDOW = 64;           // credits the page keeps granted
  const GRANT_BATCH = 16;      // credits given back at once (fewer, larger credit messages)
  const LIVE_ONLY = 'A live game is only watched: open a replay to control playback.';
  const NOTHING_OPEN = 'Open a replay first.';
  const $ = id => document.getElementById(id);
  // The access token of the address the viewer printed (?token=...): the API and the socket need it.
  const TOKEN = new URLSearchParams(location.search).get('token');
  const withToken = path => TOKEN === null ? path
    : path + (path.includes('?') ? '&' : '?') + 'token=' + encodeURIComponent(TOKEN);
  const model = {
    kind: null, name: null, game: null, renderer: null, length: 0, replayed: 0,
    step: null, code: null, view: null, state: '-', checkpoints: [], desync: null,
    dialog: null, rates: [], received: 0, opens: 0, kept: [],
    edit: {on: false, cursor: 0, position: -1, rows: [], commands: [], branches: [], answers: 0, saved: null}, hint: false, speed: 1, stepsPerSecond: 10, achieved: null, hiddenPause: null
  };
  let socket = null;
  let drawing = false;
  let dragging = false;
  let outstanding = 0;
  let used = 0;
  let flushTimer = null;
  let rendererReady = false;
  const loadedRenderers = {};
  // Each renderer by its script's address: two builds of one game register under the same game id, each
  // from its own address, so the one a script registered is kept as soon as it has run.
  const renderers = {};
  const log = [];

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(message));
    }
  }

  function say(text, kind) {
    const m = $('message');
    m.textContent = text;
    m.className = kind || 'notice';
  }

  function connect() {
    return new Promise((resolve, reject) => {
      if (socket && socket.readyState === WebSocket.OPEN) { resolve(); return; }
      socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + withToken('/ws'));
      socket.onopen = () => resolve();
      socket.onerror = () => reject(new Error('cannot reach the viewer server'));
      socket.onclose = () => { model.state = 'DISCONNECTED'; schedule(); };
      socket.onmessage = event => {
        const message = JSON.parse(event.data);
        if (message.t === 'step') {
          model.received++;
        } else if (message.t !== 'stats') {
          log.push(message.t + (message.state ? ' ' + message.state : '') + (message.message ? ': ' + message.message : ''));
          if (log.length > 40) { log.shift(); }
        }
        apply(message);
        if (message.t === 'step') { used++; credit(); }
        schedule();
      };
    });
  }

  // Gives back the credits of the step messages applied: a batch at once, the rest soon after.
  function credit() {
    if (!model.kind || !rendererReady) { return; }
    if (used >= GRANT_BATCH) {
      flush();
    } else if (!flushTimer) {
      flushTimer = setTimeout(flush, 20);
    }
  }

  function flush() {
    if (flushTimer) { clearTimeout(flushTimer); flushTimer = null; }
    outstanding -= used;
    used = 0;
    grant();
  }

  function grant() {
    const n = WINDOW - outstanding;
    if (n > 0) {
      outstanding += n;
      send({t: 'credit', n: n});
    }
  }

  function schedule() {
    if (!drawing) {
      drawing = true;
      requestAnimationFrame(() => { drawing = false; draw(); });
    }
  }

  const PLAYBACK = ['step', 'state', 'paused', 'stepped', 'seeked', 'ended'];

  function apply(m) {
    if (model.edit.on && PLAYBACK.includes(m.t)) { return; } // the page shows the edit's state meanwhile
    switch (m.t) {
      case 'hello': break;
      case 'opened':
        model.opens++;
        // A seek after the end reopens the file: the marks of the route stay.
        Object.assign(model, {kind: m.kind, name: m.name, game: m.game, renderer: m.renderer, length: m.length || 0,
          replayed: 0, step: null, code: null, view: m.v, state: m.kind === 'live' ? 'LIVE' : 'READY', dialog: null,
          stepsPerSecond: m.stepsPerSecond || 0, achieved: null, hiddenPause: null},
          m.reopened ? {} : {checkpoints: [], desync: null});
        closeDialog();
        $('start').hidden = true;
        $('title').textContent = m.kind === 'live' ? 'live: ' + m.game + ' being played now' : m.name + (m.interactive ? ' (interactive)' : '');
        if (!m.reopened) {
          Object.assign(model.edit, {on: false, rows: [], branches: [], saved: null}); // another file: edit mode left
          model.kept = [];
          $('editor').hidden = true;
          $('edit').setAttribute('aria-pressed', 'false');
          say(m.kind === 'live' ? 'Watching the live game (catching up from its first step).'
            : 'Opened ' + m.name + '. Press Play (or space) to play it.');
          model.hint = m.kind !== 'live';
          if (m.kind !== 'live' && model.speed !== 1) { send({t: 'speed', x: model.speed}); }
        }
        rendererReady = false;
        outstanding = 0; used = 0;
        loadRenderer(m.renderer, m.game).then(() => { rendererReady = true; grant(); schedule(); });
        break;
      case 'step':
        model.step = m.i; model.code = m.n + ' (' + m.c + ')';
        model.replayed = m.i;
        if (m.live) { model.length = Math.max(model.length, m.i + 1); model.replayed = m.i + 1; }
        if (m.v) { model.view = m.v; }
        model.rates.push(performance.now());
        if (m.prompt) { openDialog(m); }
        break;
      case 'state':
        model.state = m.state; model.replayed = m.replayed;
        if (m.state === 'PLAYING' && model.hint) { say(''); model.hint = false; } // the "press Play" hint is done
        break;
      case 'paused': case 'stepped': case 'seeked':
        model.view = m.v; model.replayed = m.replayed; model.state = m.state;
        if (m.n) { model.step = m.replayed; model.code = m.n + ' (' + m.c + ')'; }
        if (m.t === 'seeked') { say('Moved to step ' + m.replayed + '.'); }
        break;
      case 'ended':
        model.view = m.v;
        if (m.live) {
          say('The live game ended; watching the next one in a moment.');
          setTimeout(() => { if (model.kind === 'live') { open({t: 'live'}); } }, 1500);
        }
        else { model.replayed = m.replayed; model.state = m.state; say('The replay ended at step ' + m.replayed + '.'); }
        break;
      case 'answered':
        if (model.dialog && model.dialog.i === m.i) {
          const text = model.dialog.options[m.option];
          const kept = model.dialog.kept;
          closeDialog();
          say(m.by === 'route' ? 'Time ran out: the route\'s own answer was used (' + text + ').'
            : kept ? 'You kept the route\'s answer: ' + text + '.' : 'You chose: ' + text + '.');
        }
        break;
      case 'failed': {
        model.state = 'FAILED';
        if (m.v) { model.view = m.v; }
        if (m.desync) { model.desync = m.desync; }
        closeDialog();
        const where = m.step !== undefined ? 'Playback failed at step ' + m.step + ' (' + m.name + ', code ' + m.code
          + ') in ' + m.phase + ': ' : 'Playback failed: ';
        say(where + m.message, 'error');
        break;
      }
      case 'stats':
        $('memory').textContent = formatBytes(m.memory.total);
        if (model.edit.on) { break; } // the seek bar shows the edit's kept states
        model.achieved = m.rate;
        if (m.checkpoints) { model.checkpoints = Array.from(new Set(model.checkpoints.concat(m.checkpoints))).sort((a, b) => a - b); }
        break;
      case 'edit': applyEdit(m); break;
      case 'error': say(m.message, 'error'); break;
      default: break;
    }
  }

  // Edit mode: the server edits a copy of the replay and answers each edit with its view (docs/viewer.md).
  function applyEdit(m) {
    const edit = model.edit;
    edit.answers++;
    if (m.op === 'left' || m.op === 'closed') {
      edit.on = false;
      model.kept = [];
      $('editor').hidden = true;
      $('edit').setAttribute('aria-pressed', 'false');
      if (m.op === 'closed') { say(m.message, 'error'); } else { say('Left edit mode: the replay plays as recorded.'); }
      return;
    }
    Object.assign(edit, {on: true, cursor: m.cursor, position: m.position, rows: m.rows, commands: m.commands,
      branches: m.branches, saved: m.saved || edit.saved});
    $('editor').hidden = false;
    $('edit').setAttribute('aria-pressed', 'true');
    model.length = m.length;
    model.replayed = m.position;
    model.kept = m.kept;
    if (m.v) { model.view = m.v; }
    model.state = 'EDITING';
    say(m.saved ? 'Saved the edit as ' + m.saved + '.' : 'Editing ' + m.file + ': at step ' + m.position + ' of ' + m.length + '.');
    drawRoll();
    drawBranches();
  }

  function editSend(op, extra) {
    send(Object.assign({t: 'edit', op: op}, extra || {}));
  }

  function drawBranches() {
    const select = $('branches');
    const names = model.edit.branches;
    if (select.dataset.key === names.join('\n')) { return; }
    select.dataset.key = names.join('\n');
    select.innerHTML = '';
    for (const name of names) {
      const option = document.createElement('option');
      option.value = name;
      option.textContent = name;
      select.appendChild(option);
    }
  }

  // The piano roll: the steps around the cursor, each with its command (one of the game's) and params.
  function drawRoll() {
    const body = $('roll').tBodies[0];
    body.innerHTML = '';
    for (const row of model.edit.rows) {
      const tr = body.insertRow();
      tr.dataset.step = row.i;
      if (row.i === model.edit.cursor - 1) { tr.className = 'cursor'; }
      const index = tr.insertCell();
      index.className = 'index';
      index.textContent = row.i;
      index.title = 'show the state after step ' + row.i;
      index.onclick = () => editSend('seek', {to: row.i + 1});
      const command = document.createElement('select');
      command.className = 'command';
      for (const c of model.edit.commands) {
        const option = document.createElement('option');
        option.value = c.c;
        option.textContent = c.n + ' (' + c.c + ')';
        command.appendChild(option);
      }
      command.value = row.c;
      tr.insertCell().appendChild(command);
      const params = document.createElement('input');
      params.className = 'params';
      params.value = JSON.stringify(row.p);
      tr.insertCell().appendChild(params);
      const actions = tr.insertCell();
      const button = (label, onclick) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = label;
        b.className = label.toLowerCase().replace(/ .*/, '');
        b.onclick = onclick;
        actions.appendChild(b);
      };
      const step = () => ({i: row.i, code: Number(command.value), params: params.value});
      button('Set', () => editSend('set', step()));
      button('Insert before', () => editSend('insert', step()));
      button('Delete', () => editSend('delete', {i: row.i}));
    }
  }

  function formatBytes(n) {
    return n < 10240 ? n + ' bytes' : n < 10 * 1048576 ? Math.round(n / 1024) + ' KiB' : (n / 1048576).toFixed(1) + ' MiB';
  }

  // A game without a renderer script: its state as a table, one row per member, and nothing drawn.
  const TABLE = {
    draw(canvas) {
      const g = canvas.getContext('2d');
      g.clearRect(0, 0, canvas.width, canvas.height);
    },
    panel(view) {
      if (view === null || typeof view !== 'object') { return [['value', 'state', String(view)]]; }
      return Object.keys(view).map((key, i) => {
        const value = view[key];
        return ['state-' + i, key, value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value)];
      });
    }
  };

  // The renderer's address comes from the server (the game's own jar, and build); none means the table.
  function loadRenderer(name, game) {
    if (!name) { return Promise.resolve(); }
    if (loadedRenderers[name]) { return loadedRenderers[name]; }
    loadedRenderers[name] = new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = name;
      script.onload = () => { renderers[name] = window.ViewerRenderers[game]; resolve(); };
      script.onerror = () => reject(new Error('cannot load ' + name));
      document.head.appendChild(script);
    });
    return loadedRenderers[name];
  }

  function draw() {
    const renderer = (model.renderer && renderers[model.renderer]) || TABLE;
    $('board').hidden = renderer === TABLE;
    if (model.view !== undefined && model.view !== null) {
      renderer.draw($('board'), model.view);
      const body = $('panel').tBodies[0];
      const rows = renderer.panel(model.view);
      // The rows of the renderer in use: the table until the game's renderer has loaded, each build's its own.
      const shown = (renderer === TABLE ? 'table' : model.renderer) + ' ' + model.game;
      if (body.rows.length !== rows.length || body.dataset.game !== shown) {
        body.innerHTML = '';
        body.dataset.game = shown;
        for (const [key, label] of rows) {
          const tr = body.insertRow();
          tr.innerHTML = '<th></th><td></td>';
          tr.cells[0].textContent = label;
          tr.cells[1].id = 'panel-' + key;
        }
      }
      rows.forEach(([key, , value]) => { $('panel-' + key).textContent = value; });
    }
    $('step').textContent = model.step === null ? '-' : model.step;
    $('code').textContent = model.code || '-';
    $('state').textContent = model.state;
    const now = performance.now();
    model.rates = model.rates.filter(t => now - t < 1000);
    $('rate').textContent = model.rates.length;
    $('achieved').textContent = achievedText();
    const seek = $('seek');
    seek.max = model.length;
    if (!dragging) { seek.value = model.replayed; }
    $('seek-label').textContent = (dragging ? seek.value : model.replayed) + ' / ' + model.length;
    updateControls();
    drawMarks();
  }

  function achievedText() {
    if (model.kind === 'live') { return model.achieved === null ? 'live' : model.achieved + ' steps/s (live)'; }
    if (model.kind !== 'replay') { return '-'; }
    const chosen = model.stepsPerSecond ? Math.round(model.stepsPerSecond * model.speed) + ' steps/s' : 'unpaced';
    if (model.state !== 'PLAYING' || model.achieved === null) { return speedLabel(model.speed) + ' plays ' + chosen; }
    return 'achieved ' + model.achieved + ' steps/s of ' + chosen + ' at ' + speedLabel(model.speed);
  }

  function speedLabel(x) {
    return x < 1 ? '1/' + Math.round(1 / x) + 'x' : x + 'x';
  }

  // Every control follows the mode: nothing open, a replay (by its state) or the live game (watch only).
  function updateControls() {
    const live = model.kind === 'live';
    const open = model.kind === 'replay';
    const state = model.state;
    const control = (id, enabled, why) => {
      const element = $(id);
      element.disabled = !enabled;
      element.title = enabled ? element.dataset.key || '' : why;
    };
    const why = live ? LIVE_ONLY : NOTHING_OPEN;
    const movable = open && (state === 'READY' || state === 'PAUSED');
    const editing = model.edit.on;
    if (editing) {
      ['play', 'pause', 'stepbtn', 'speed'].forEach(id => control(id, false, 'Leave edit mode to play'));
      control('seek', true, '');
      control('edit', true, '');
      return;
    }
    control('edit', open, why);
    control('play', movable, open ? 'Already ' + state.toLowerCase() + (state === 'PLAYING' ? '' : ': seek to play again') : why);
    control('pause', open && state === 'PLAYING', open ? 'Not playing' : why);
    control('stepbtn', movable, open ? 'Pause first' : why);
    control('speed', open, why);
    control('seek', open, why);
  }

  function drawMarks() {
    const marks = $('marks');
    const key = model.checkpoints.join(',') + '|' + model.kept.join(',') + '|' + JSON.stringify(model.desync) + '|' + model.length;
    if (marks.dataset.key === key) { return; }
    marks.dataset.key = key;
    marks.innerHTML = '';
    const pct = i => (model.length ? 100 * i / model.length : 0) + '%';
    for (const at of model.edit.on ? [] : model.checkpoints) {
      const tick = document.createElement('div');
      tick.className = 'checkpoint';
      tick.style.left = pct(at);
      tick.title = 'checkpoint at step ' + at;
      marks.appendChild(tick);
    }
    for (const at of model.kept) {
      const tick = document.createElement('div');
      tick.className = 'kept';
      tick.style.left = pct(at);
      tick.title = 'state kept at step ' + at;
      marks.appendChild(tick);
    }
    if (model.desync) {
      const band = document.createElement('div');
      band.className = 'desync';
      band.style.left = pct(model.desync.from);
      band.style.width = 'calc(' + pct(model.desync.to - model.desync.from) + ' + 3px)';
      band.title = 'desync between steps ' + model.desync.from + ' and ' + model.desync.to;
      marks.appendChild(band);
    }
  }

  function openDialog(m) {
    model.dialog = {i: m.i, options: m.prompt.options, recorded: m.prompt.recorded, ms: m.prompt.ms,
      until: performance.now() + m.prompt.ms};
    $('choice-title').textContent = m.prompt.title;
    $('choice-step').textContent = m.i;
    $('choice-recorded').textContent = m.prompt.options[m.prompt.recorded];
    const box = $('choice-options');
    box.innerHTML = '';
    m.prompt.options.forEach((text, option) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = text + (option === m.prompt.recorded ? ' (the route\'s answer)' : '');
      button.dataset.option = option;
      button.setAttribute('role', 'option');
      button.onclick = () => answer(option);
      box.appendChild(button);
    });
    const dialog = $('choice');
    if (!dialog.open) { dialog.show(); }
    box.children[m.prompt.recorded].focus({preventScroll: true});
    tickDialog();
  }

  // Sends the person's answer; kept says it came from Escape (the route's answer, kept on purpose).
  function answer(option, kept) {
    if (model.dialog) {
      model.dialog.kept = Boolean(kept);
      send({t: 'answer', i: model.dialog.i, option: option});
    }
  }

  function tickDialog() {
    if (!model.dialog) { return; }
    const leftMs = Math.max(0, model.dialog.until - performance.now());
    $('choice-left').textContent = Math.ceil(leftMs / 1000) + ' s left, then the route\'s answer is used.';
    $('choice-time').value = leftMs / model.dialog.ms;
    setTimeout(tickDialog, 200);
  }

  function closeDialog() {
    model.dialog = null;
    const dialog = $('choice');
    if (dialog.open) { dialog.close(); }
  }

  // The dialog's keys: arrows move between the options, Enter answers the focused one (a button does
  // that itself), Escape answers as the route did.
  $('choice').addEventListener('keydown', event => {
    const buttons = Array.from($('choice-options').children);
    const at = buttons.indexOf(document.activeElement);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = at < 0 ? 0 : (at + (event.key === 'ArrowDown' ? 1 : buttons.length - 1)) % buttons.length;
      buttons[next].focus({preventScroll: true});
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (model.dialog) { answer(model.dialog.recorded, true); }
    }
    event.stopPropagation(); // the playback's keys do not act while a dialog is open
  });
  $('choice').addEventListener('cancel', event => event.preventDefault()); // Escape is handled above

  // A hidden tab's frames stop, but its messages do not: steps are applied and credited as they arrive
  // whatever the frames do, so a live game is followed in the background without drawing. A replay
  // that is playing pauses when the tab is hidden, and says so when it is shown again.
  function onVisibility() {
    if (document.visibilityState === 'hidden') {
      if (model.kind === 'replay' && model.state === 'PLAYING') {
        model.hiddenPause = model.replayed;
        send({t: 'pause'});
      }
    } else if (model.hiddenPause !== null) {
      say('Paused at step ' + model.hiddenPause + ' while this tab was in the background: press Play (or space) to go on.');
      model.hiddenPause = null;
      schedule();
    }
  }
  document.addEventListener('visibilitychange', onVisibility);

  async function refreshFiles() {
    const response = await fetch(withToken('/api/replays'));
    const list = await response.json();
    if (!response.ok) { throw new Error(list.error || response.statusText); }
    const select = $('files');
    select.innerHTML = '';
    for (const file of list.files || []) {
      const option = document.createElement('option');
      option.value = file.name;
      option.textContent = file.name + ' (' + formatBytes(file.bytes) + ')';
      select.appendChild(option);
    }
    $('live').disabled = !list.live;
    $('start-live-line').hidden = !list.live;
    if (!select.options.length) {
      const none = document.createElement('option');
      none.value = '';
      none.textContent = '(no replays in the folder)';
      select.appendChild(none);
    }
    if (list.error) { say(list.error, 'error'); }
    return list;
  }

  // The first screen: the newest replay of the folder, open and ready to play; or, with none, what to do.
  function firstScreen(list) {
    if (list.newest) {
      $('files').value = list.newest;
      open({t: 'open', file: list.newest, mode: $('mode').value});
      return;
    }
    $('start-why').textContent = 'The folder ' + list.folder + ' has no .reprise files.';
    $('start').hidden = false;
    say('No replays yet: record one, upload one, or watch the live game.');
  }

  async function open(message) {
    try {
      await connect();
      send(message);
    } catch (e) {
      say(e.message, 'error');
    }
  }

  $('open').onclick = () => {
    if (!$('files').value) { say('The folder has no .reprise files: upload one.', 'error'); return; }
    open({t: 'open', file: $('files').value, mode: $('mode').value});
  };
  $('live').onclick = () => open({t: 'live'});
  $('start-live').onclick = () => open({t: 'live'});
  $('upload').onclick = async () => {
    const file = $('upload-file').files[0];
    if (!file) { say('Choose a .reprise file to upload first.', 'error'); return; }
    const response = await fetch(withToken('/api/upload?name=' + encodeURIComponent(file.name)), {method: 'POST', body: file});
    const answer = await response.json();
    if (answer.error) { say('Upload refused: ' + answer.error, 'error'); return; }
    open({t: 'open', upload: answer.upload, mode: $('mode').value});
  };
  const playing = () => model.state === 'PLAYING';
  $('play').onclick = () => send({t: 'play'});
  $('pause').onclick = () => send({t: 'pause'});
  $('stepbtn').onclick = () => send({t: 'step'});
  $('speed').onchange = () => { model.speed = Number($('speed').value); send({t: 'speed', x: model.speed}); schedule(); };
  $('seek').oninput = () => { dragging = true; draw(); };
  $('seek').onchange = () => {
    dragging = false;
    if (model.edit.on) { editSend('seek', {to: Number($('seek').value)}); } else { send({t: 'seek', to: Number($('seek').value)}); }
  };
  $('edit').onclick = () => {
    if (model.edit.on) { editSend('leave'); } else { send({t: 'pause'}); editSend('enter'); }
  };
  $('undo').onclick = () => editSend('undo');
  $('redo').onclick = () => editSend('redo');
  $('branch-save').onclick = () => editSend('branch', {name: $('branch-name').value});
  $('branch-restore').onclick = () => editSend('restore', {name: $('branches').value});
  $('save').onclick = () => editSend('save', {name: $('save-name').value});
  // Ctrl+Z undoes and Ctrl+Y (or Ctrl+Shift+Z) redoes an edit, except while typing in a field.
  document.addEventListener('keydown', event => {
    if (!model.edit.on || !(event.ctrlKey || event.metaKey) || event.target.tagName === 'INPUT') { return; }
    const key = event.key.toLowerCase();
    if (key === 'z' && !event.shiftKey) { event.preventDefault(); editSend('undo'); }
    if (key === 'y' || (key === 'z' && event.shiftKey)) { event.preventDefault(); editSend('redo'); }
  });
  ['play', 'pause', 'stepbtn'].forEach(id => { $(id).dataset.key = $(id).title; });
  document.addEventListener('keydown', event => {
    if (event.target.tagName === 'INPUT' || event.target.tagName === 'SELECT' || model.kind !== 'replay'
      || model.edit.on) { return; }
    if (event.code === 'Space') { event.preventDefault(); send({t: playing() ? 'pause' : 'play'}); }
    if (event.code === 'ArrowRight') { event.preventDefault(); send({t: 'step'}); }
  });
  // A clicked button keeps no focus: space and the arrow keys belong to the playback.
  document.querySelectorAll('#controls button, #source button, #edit-tools button').forEach(button =>
    button.addEventListener('click', () => button.blur()));
  setInterval(() => send({t: 'ping'}), 15000);
  setInterval(schedule, 500); // keeps steps/s current when no step arrives
  updateControls();
  refreshFiles().then(firstScreen).catch(e => say('Cannot list the replays: ' + e.message, 'error'));

  // For tests and the curious: the page's model.
  window.viewer = {model: model, log: log};
})();

// The Reprise viewer page: plain JS, no build. It talks to the server over one WebSocket and grants
// credits for step messages as it renders them (see docs/viewer.md); the game's renderer script draws.
'use strict';
window.ViewerRenderers = window.ViewerRenderers || {};

(function () {
  const WINDOW = 64;           // credits the page keeps granted
  const $ = id => document.getElementById(id);
  const model = {
    kind: null, name: null, game: null, renderer: null, length: 0, replayed: 0,
    step: null, code: null, view: null, state: '-', checkpoints: [], desync: null,
    dialog: null, rates: [], received: 0
  };
  let socket = null;
  let inbox = [];
  let drawing = false;
  let dragging = false;
  let outstanding = 0;
  const loadedRenderers = {};
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
      socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws');
      socket.onopen = () => resolve();
      socket.onerror = () => reject(new Error('cannot reach the viewer server'));
      socket.onclose = () => { model.state = 'DISCONNECTED'; $('state').textContent = model.state; };
      socket.onmessage = event => {
        const message = JSON.parse(event.data);
        if (message.t === 'step') {
          model.received++;
        } else if (message.t !== 'stats') {
          log.push(message.t + (message.state ? ' ' + message.state : '') + (message.message ? ': ' + message.message : ''));
          if (log.length > 40) { log.shift(); }
        }
        inbox.push(message);
        schedule();
      };
    });
  }

  function schedule() {
    if (!drawing) {
      drawing = true;
      requestAnimationFrame(render);
    }
  }

  // One animation frame: apply every message received, draw once, then give back the credits used.
  function render() {
    drawing = false;
    const batch = inbox;
    inbox = [];
    let used = 0;
    for (const message of batch) {
      if (message.t === 'step') { used++; }
      apply(message);
    }
    draw();
    if (used > 0 && model.kind) {
      outstanding -= used;
      grant();
    }
  }

  function grant() {
    const n = WINDOW - outstanding;
    if (n > 0) {
      outstanding += n;
      send({t: 'credit', n: n});
    }
  }

  function apply(m) {
    switch (m.t) {
      case 'hello': break;
      case 'opened':
        // A seek after the end reopens the file: the marks of the route stay.
        Object.assign(model, {kind: m.kind, name: m.name, game: m.game, renderer: m.renderer, length: m.length || 0,
          replayed: 0, step: null, code: null, view: m.v, state: m.kind === 'live' ? 'LIVE' : 'READY', dialog: null},
          m.reopened ? {} : {checkpoints: [], desync: null});
        closeDialog();
        $('title').textContent = (m.kind === 'live' ? 'live: ' : '') + m.name + (m.interactive ? ' (interactive)' : '');
        $('seek').max = model.length;
        if (!m.reopened) {
          say(m.kind === 'live' ? 'Watching the live game (catching up from its first step).' : 'Opened ' + m.name + '.');
        }
        loadRenderer(m.renderer).then(() => { outstanding = 0; grant(); schedule(); });
        break;
      case 'step':
        model.step = m.i; model.code = m.n + ' (' + m.c + ')';
        model.replayed = m.i;
        if (m.live) { model.length = Math.max(model.length, m.i + 1); }
        if (m.v) { model.view = m.v; }
        model.rates.push(performance.now());
        if (m.prompt) { openDialog(m); }
        break;
      case 'state': model.state = m.state; model.replayed = m.replayed; break;
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
          closeDialog();
          say(m.by === 'route' ? 'Time ran out: the route\'s own answer was used (' + text + ').'
            : 'You chose: ' + text + '.');
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
        $('memory').textContent = Math.round(m.memory.total / 1024) + ' KiB';
        if (m.checkpoints) { model.checkpoints = Array.from(new Set(model.checkpoints.concat(m.checkpoints))).sort((a, b) => a - b); }
        break;
      case 'error': say(m.message, 'error'); break;
      default: break;
    }
  }

  function loadRenderer(name) {
    if (loadedRenderers[name]) { return loadedRenderers[name]; }
    loadedRenderers[name] = new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = '/static/' + name;
      script.onload = resolve;
      script.onerror = () => reject(new Error('cannot load ' + name));
      document.head.appendChild(script);
    });
    return loadedRenderers[name];
  }

  function draw() {
    const renderer = window.ViewerRenderers[model.game];
    if (renderer && model.view) {
      renderer.draw($('board'), model.view);
      const body = $('panel').tBodies[0];
      const rows = renderer.panel(model.view);
      if (body.rows.length !== rows.length) {
        body.innerHTML = '';
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
    if (!dragging) { $('seek').value = model.replayed; }
    $('seek-label').textContent = (dragging ? $('seek').value : model.replayed) + ' / ' + model.length;
    drawMarks();
  }

  function drawMarks() {
    const marks = $('marks');
    const key = model.checkpoints.join(',') + '|' + JSON.stringify(model.desync) + '|' + model.length;
    if (marks.dataset.key === key) { return; }
    marks.dataset.key = key;
    marks.innerHTML = '';
    const pct = i => (model.length ? 100 * i / model.length : 0) + '%';
    for (const at of model.checkpoints) {
      const tick = document.createElement('div');
      tick.className = 'checkpoint';
      tick.style.left = pct(at);
      tick.title = 'checkpoint at step ' + at;
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
    model.dialog = {i: m.i, options: m.prompt.options, until: performance.now() + m.prompt.ms};
    $('choice-title').textContent = m.prompt.title;
    $('choice-step').textContent = m.i;
    $('choice-recorded').textContent = m.prompt.options[m.prompt.recorded];
    const box = $('choice-options');
    box.innerHTML = '';
    m.prompt.options.forEach((text, option) => {
      const button = document.createElement('button');
      button.textContent = text;
      button.dataset.option = option;
      button.onclick = () => send({t: 'answer', i: m.i, option: option});
      box.appendChild(button);
    });
    const dialog = $('choice');
    if (!dialog.open) { dialog.show(); }
    tickDialog();
  }

  function tickDialog() {
    if (!model.dialog) { return; }
    const left = Math.max(0, Math.ceil((model.dialog.until - performance.now()) / 1000));
    $('choice-left').textContent = left + ' s left, then the route\'s answer is used.';
    setTimeout(tickDialog, 250);
  }

  function closeDialog() {
    model.dialog = null;
    const dialog = $('choice');
    if (dialog.open) { dialog.close(); }
  }

  async function refreshFiles() {
    const response = await fetch('/api/replays');
    const list = await response.json();
    const select = $('files');
    select.innerHTML = '';
    for (const file of list.files || []) {
      const option = document.createElement('option');
      option.value = file.name;
      option.textContent = file.name + ' (' + file.bytes + ' bytes)';
      select.appendChild(option);
    }
    $('live').disabled = !list.live;
    if (list.error) { say(list.error, 'error'); }
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
  $('upload').onclick = async () => {
    const file = $('upload-file').files[0];
    if (!file) { say('Choose a .reprise file to upload first.', 'error'); return; }
    const response = await fetch('/api/upload?name=' + encodeURIComponent(file.name), {method: 'POST', body: file});
    const answer = await response.json();
    if (answer.error) { say('Upload refused: ' + answer.error, 'error'); return; }
    open({t: 'open', upload: answer.upload, mode: $('mode').value});
  };
  const playing = () => model.state === 'PLAYING';
  $('play').onclick = () => send({t: 'play'});
  $('pause').onclick = () => send({t: 'pause'});
  $('stepbtn').onclick = () => send({t: 'step'});
  $('speed').onchange = () => send({t: 'speed', x: Number($('speed').value)});
  $('seek').oninput = () => { dragging = true; draw(); };
  $('seek').onchange = () => { dragging = false; send({t: 'seek', to: Number($('seek').value)}); };
  document.addEventListener('keydown', event => {
    if (event.target.tagName === 'INPUT' || event.target.tagName === 'SELECT') { return; }
    if (event.code === 'Space') { event.preventDefault(); send({t: playing() ? 'pause' : 'play'}); }
    if (event.code === 'ArrowRight') { event.preventDefault(); send({t: 'step'}); }
  });
  // A clicked button keeps no focus: space and the arrow keys belong to the playback.
  document.querySelectorAll('button').forEach(button => button.addEventListener('click', () => button.blur()));
  setInterval(() => send({t: 'ping'}), 15000);
  setInterval(schedule, 500); // keeps steps/s current when no step arrives
  refreshFiles().catch(e => say('Cannot list the replays: ' + e.message, 'error'));

  // For tests and the curious: the page's model.
  window.viewer = {model: model, log: log};
})();

// SPDX-License-Identifier: MIT
// The table companion's page: follows the live feed, shows what the caller's code may see, sends dice and proposals.
'use strict';

const $ = (id) => document.getElementById(id);
// journal holds lines journalFirst.. of the game the server named `game`: a page is greeted with the
// last lines and fetches older ones on request; reconnecting, it says what it has and gets the rest.
const view = { code: '', role: 'spectator', name: 'spectator', n: -1, state: null, journal: [], journalFirst: 0, game: '', requests: [], proposals: [], units: {}, socket: null, retry: 500 };

// ------------------------------------------------------------------ the page's words

// The page's own words are written here in English, each through t(); a reader of another language
// gets them from the words the server serves (GET /api/words, data/words/LANG/companion.json), and
// the server tells its own sentences (summaries, odds, the clock) in the language every request
// names (?language=). t('Playing {side}', { side: 'French' }).
const page = { language: 'en', words: {}, languages: [] };
function t(english, values) {
  const text = toldWords(english);
  return values ? text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole)) : text;
}
// A number as the reader's language writes it: 12.5 in English, 12,5 in German.
function decimal(x, digits) {
  try { return Number(x).toLocaleString(page.language, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }); } catch (e) { return Number(x).toFixed(digits); }
}
// A path of the API with the page's language, so that what the server sends reads in it.
function spoken(path) { return path + (path.includes('?') ? '&' : '?') + 'language=' + encodeURIComponent(page.language); }

// One text of the page in the reader's language (itself where the words have none). t() gives
// it the values of its placeholders; tellPage() tells index.html's texts and its title, alt and
// aria-label attributes with it (test_page_words.py reads those from index.html, as it reads each
// t('...') from this file).
function toldWords(english) { return Object.prototype.hasOwnProperty.call(page.words, english) ? page.words[english] : english; }
function tellPage() {
  document.documentElement.lang = page.language;
  document.title = toldWords(document.title);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const english = node.nodeValue.trim();
    if (english && Object.prototype.hasOwnProperty.call(page.words, english)) node.nodeValue = node.nodeValue.replace(english, page.words[english]);
  }
  for (const name of ['title', 'alt', 'aria-label'])
    for (const node of document.querySelectorAll('[' + name + ']')) node.setAttribute(name, toldWords(node.getAttribute(name)));
}

// The chooser: the browser's language (Accept-Language) unless one is chosen, remembered on this phone.
function fillLanguages(chosen) {
  const select = $('language');
  select.replaceChildren(el('option', { value: '' }, t("the browser's")), ...page.languages.map((l) => el('option', { value: l.id }, l.name)));
  select.value = page.languages.some((l) => l.id === chosen) ? chosen : '';
  select.addEventListener('change', () => {
    try {
      if (select.value) localStorage.setItem('fortuna-language', select.value); else localStorage.removeItem('fortuna-language');
    } catch (e) { /* private mode: this visit only */ }
    location.replace(location.pathname + (select.value ? '?language=' + select.value : ''));
  });
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined) continue;
    if (k === 'class') node.className = v; else if (k.startsWith('on')) node.addEventListener(k.slice(2), v); else node.setAttribute(k, v);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function toast(text, bad) {
  const t = $('toast');
  t.textContent = text;
  t.className = bad ? 'bad' : '';
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, bad ? 6000 : 2500);
}

async function call(method, path, body) {
  const headers = { 'Content-Type': 'application/json' };
  if (view.code) headers.Authorization = 'Bearer ' + view.code;
  const response = await fetch(spoken(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await response.json(); } catch (e) { data = { error: response.statusText }; }
  if (!response.ok) { toast(response.status + ': ' + (data && data.error ? data.error : response.statusText), true); return null; }
  return data;
}

// ------------------------------------------------------------------ the live feed

function had() { return view.game ? { since: view.journalFirst + view.journal.length, game: view.game } : {}; }

function authMessage() { return JSON.stringify(Object.assign({ type: 'auth', code: view.code }, had())); }

function connect() {
  const h = had();
  const query = h.game ? '?since=' + h.since + '&game=' + encodeURIComponent(h.game) : '';
  const socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + spoken('/api/live' + query));
  view.socket = socket;
  // The server closes a page silent for 120 s (docs/companion.md): a ping every 30 s keeps this one
  // (a background tab's timers may slow to once a minute, still in time); a closed one reconnects.
  let pinger = null;
  socket.onopen = () => {
    view.retry = 500; $('live').textContent = t('live'); $('live').className = 'live';
    if (view.code) socket.send(authMessage());
    pinger = setInterval(() => { if (socket.readyState === WebSocket.OPEN) socket.send('{"type":"ping"}'); }, 30000);
  };
  socket.onclose = () => {
    clearInterval(pinger);
    $('live').textContent = t('offline'); $('live').className = 'live off';
    setTimeout(connect, view.retry); view.retry = Math.min(view.retry * 2, 8000);
  };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === 'hello') { view.n = message.n; view.expectRevoked = false; adoptSnapshot(message.snapshot); }
    else if (message.type === 'update') {
      // Numbered pushes: a gap means a message was missed, so ask for a fresh snapshot.
      if (view.n >= 0 && message.n !== view.n + 1) { socket.close(); return; }
      view.n = message.n;
      adoptUpdate(message);
    } else if (message.type === 'error') {
      // A code the umpire revoked: this socket watches from now on (the server says so), so
      // forget the code and show what a spectator sees; any other 401 is a code that never was.
      // The umpire's own code, reissued from this page, is the one case to let pass: the page
      // joins with the new one (its hello always comes after this message).
      if (message.revoked && view.expectRevoked) { view.expectRevoked = false; return; }
      toast(message.error, true);
      if (message.revoked) forget();
      else if (message.status === 401) leave();
    }
  };
}

function adoptSnapshot(snap) {
  view.role = snap.role; view.name = snap.name;
  view.state = snap.state; view.requests = snap.requests || [];
  const first = snap.journal_first || 0, lines = snap.journal || [];
  // The lines it had and what it missed, when they meet; otherwise the last lines alone.
  if (snap.game === view.game && first >= view.journalFirst && first <= view.journalFirst + view.journal.length)
    view.journal = view.journal.slice(0, first - view.journalFirst).concat(lines);
  else { view.journal = lines; view.journalFirst = first; view.olderAsked = false; }
  view.game = snap.game || '';
  view.proposals = snap.proposals || []; view.units = snap.units || {};
  render();
}

function adoptUpdate(update) {
  if (update.state) view.state = update.state;
  if (update.reset) { view.journal = update.journal; view.journalFirst = update.journal_first || 0; view.game = update.game || ''; view.olderAsked = false; }
  else view.journal = view.journal.concat(update.journal);
  // A long session keeps the last 300 lines (a phone's page stays light), unless the reader
  // asked for earlier ones; Earlier lines fetches what was let go.
  if (!view.olderAsked && view.journal.length > 300) {
    const drop = view.journal.length - 300;
    view.journal = view.journal.slice(drop); view.journalFirst += drop;
  }
  if (update.requests) view.requests = update.requests;
  if (update.proposals) view.proposals = update.proposals;
  if (update.units) view.units = update.units;
  render();
}

// ------------------------------------------------------------------ rendering

function sideName(id) {
  const s = view.state;
  if (s && s.side_ids && s.side_names && s.side_ids.indexOf(id) >= 0) return s.side_names[s.side_ids.indexOf(id)];
  const side = s && Array.isArray(s.sides) && s.sides.find((x) => x.id === id);
  return side ? side.name : id;
}

// The land games' clock, phases and casualty thresholds, or any other system's clock in words and
// its position in lines: the page shows what the state carries, it never asks which system it is.
function hasThresholds(s) { return Array.isArray(s.sides) && s.sides.length > 0 && Array.isArray(s.sides[0].thresholds); }
function kindKey() { return (view.state && view.state.kind_key) || 'do'; }
function playerKinds() { return (view.state && view.state.player_kinds) || []; }
// The land games' own form (attack, charge, rally, formation) where the system lists those kinds.
function classicForm() { const kinds = playerKinds().map((k) => k.kind); return ['combat', 'charge', 'rally', 'formation'].every((k) => kinds.includes(k)); }

function oddsBars(odds) {
  const box = el('div', { class: 'odds' });
  for (const o of odds || []) {
    const fill = el('span');
    fill.style.width = (100 * o.numerator / o.denominator).toFixed(1) + '%';
    box.append(el('div', { class: 'odd', title: o.numerator + '/' + o.denominator }, el('span', {}, o.outcome), el('div', { class: 'bar' }, fill), el('span', { class: 'pct' }, page.language === 'en' ? o.percent : decimal(100 * o.numerator / o.denominator, 1) + ' %')));
  }
  return box;
}

function render() {
  const s = view.state;
  const joined = view.role !== 'spectator';
  $('join-form').hidden = joined; $('who').hidden = !joined;
  $('role').textContent = view.role === 'umpire' ? t('Umpire') : view.role === 'player' ? t('Playing {side}', { side: sideName(view.name) }) : '';
  if (!s) return;
  $('scenario').textContent = s.scenario_name;
  if (s.phase) {
    $('clock-line').hidden = false; $('clock-words').hidden = true;
    $('clock').textContent = s.clock; $('turn').textContent = s.turn;
    $('phasing').textContent = t("{side}'s half", { side: sideName(s.phasing_side) });
    $('phase').textContent = t('Phase {id}) {name}', { id: s.phase.id, name: s.phase.name });
  } else {
    $('clock-line').hidden = true; $('clock-words').hidden = false;
    $('clock-words').textContent = (s.system_name ? s.system_name + ' · ' : '') + (s.clock_label || '');
    $('phase').textContent = s.outcome && s.outcome.over ? t('Decided: {reason}', { reason: s.outcome.reason }) : '';
  }
  const zoom = $('board-frame').classList.contains('zoomed') ? 2.5 : 1;
  const width = Math.min(1600, Math.round(($('board-frame').clientWidth || 360) * zoom * (window.devicePixelRatio || 1)));
  const src = '/api/board.png?width=' + Math.max(200, width) + '&v=' + s.version;
  showBoard(src, s.fog && s.fog.on);
  renderFog(s);
  renderSides(s); renderRequests(); renderUnits(); renderBoardUnits(); renderProposals(); renderUmpire(); renderJournal();
}

// Every unit on the board as a line under the picture (side, code, state, where): readable at a
// phone's width whatever the picture's scale. A state is shown where this page may know it: its
// own side's (the umpire's: both), or the other side's where the umpire has strengths shown.
function renderBoardUnits() {
  const known = {};
  for (const u of Object.values(view.units).flat()) known[u.code] = u;
  const present = roster().filter((u) => u.present !== false);
  $('board-units').hidden = present.length === 0;
  $('board-rows').replaceChildren(...present.map((u) => {
    const mine = known[u.code];
    const bases = mine && mine.bases !== undefined ? mine.bases + '/' + mine.bases_start : u.bases !== undefined ? '~' + u.bases : '';
    const state = mine ? (mine.state || mine.status || '') : (u.state || '');
    const stateWords = mine ? (said(mine, 'state') || said(mine, 'status') || '') : (said(u, 'state') || '');
    const where = u.x_mm !== undefined ? Math.round(u.x_mm / 10) + ', ' + Math.round(u.y_mm / 10) + ' cm'
      : u.x_cm !== undefined ? Math.round(u.x_cm) + ', ' + Math.round(u.y_cm) + ' cm' : '';
    return el('tr', { 'data-code': u.code }, el('td', {}, sideName(u.side)), el('td', { class: 'code', title: u.name || '' }, u.code),
      el('td', { class: state ? 'state-' + state : 'unknown' }, [stateWords, bases].filter(Boolean).join(' ') || '\u2014'),
      el('td', { class: 'where' }, where));
  }));
}

// Under fog of war each side's picture is its own: asked with the code (an <img> cannot send
// it) and shown from memory. Otherwise the shared picture, cached by the server per width.
let boardBlobUrl = '';
// At most one picture a second: pushes at 10 actions a second would otherwise ask for ten, and a
// table's phones behind one router share the server's picture budget (docs/companion.md, Limits).
const PICTURE_EVERY_MS = 1000;
let pictureShownAt = 0;
let pictureTimer = 0;
let pictureWanted = null;
function showBoard(src, fogged) {
  const wait = pictureShownAt + PICTURE_EVERY_MS - Date.now();
  if (wait > 0) {
    pictureWanted = [src, fogged];
    if (!pictureTimer) pictureTimer = setTimeout(() => { pictureTimer = 0; const w = pictureWanted; pictureWanted = null; if (w) showBoard(w[0], w[1]); }, wait);
    return;
  }
  pictureShownAt = Date.now();
  showBoardNow(src, fogged);
}
function showBoardNow(src, fogged) {
  const img = $('board');
  if (!fogged) {
    if (img.getAttribute('src') !== src) img.src = src;
    view.boardAsked = '';
    return;
  }
  const asked = src + '|' + view.code;
  if (view.boardAsked === asked) return;
  view.boardAsked = asked;
  const headers = view.code ? { Authorization: 'Bearer ' + view.code } : {};
  fetch(src, { headers }).then((r) => (r.ok ? r.blob() : null)).then((blob) => {
    if (!blob || view.boardAsked !== asked) return;
    if (boardBlobUrl) URL.revokeObjectURL(boardBlobUrl);
    boardBlobUrl = URL.createObjectURL(blob);
    img.src = boardBlobUrl;
  }).catch(() => { view.boardAsked = ''; });
}

function renderFog(s) {
  const on = !!(s.fog && s.fog.on);
  const rounded = !!(s.fog && s.fog.strengths === 'rounded');
  $('fog').hidden = !on;
  $('u-fog').checked = on;
  $('u-fog-strengths').value = rounded ? 'rounded' : 'hidden';
  if (!on) return;
  const seen = { seen: s.fog.seen || 0 };
  $('fog').textContent = view.role === 'umpire'
    ? (rounded ? t('Fog of war: the players see the enemy only where their units see them, with their state and bases rounded to 2; you see all.')
      : t('Fog of war: the players see the enemy only where their units see them, without their strength; you see all.'))
    : view.role === 'player'
      ? (rounded ? t('Fog of war: you see the enemy only where your units and generals see them ({seen} in sight; strengths rounded to 2 bases).', seen)
        : t('Fog of war: you see the enemy only where your units and generals see them ({seen} in sight).', seen))
      : t("Fog of war: join with your side's code to see your units and what they see.");
}

function renderSides(s) {
  const box = $('sides'); box.replaceChildren();
  $('casualties').hidden = !hasThresholds(s);
  $('position-card').hidden = hasThresholds(s);
  if (!hasThresholds(s)) { $('position').textContent = (s.state_lines || []).join('\n'); return; }
  for (const side of s.sides) {
    const track = el('div', { class: 'track' });
    const lost = el('div', { class: 'lost' });
    lost.style.width = Math.min(100, side.percent_lost) + '%';
    track.append(lost);
    for (const mark_ of side.thresholds) {
      const mark = el('div', { class: 'mark' + (mark_.tested ? ' tested' : '') + (mark_.immediate ? ' immediate' : ''),
        title: t('{percent}% = {bases} bases', { percent: mark_.percent, bases: mark_.bases }) });
      mark.style.left = Math.min(99, mark_.percent) + '%';
      track.append(mark);
    }
    const next = side.thresholds.find((m) => !m.reached);
    const at = next ? { percent: next.percent, bases: next.bases } : null;
    box.append(el('div', { class: 'side' },
      el('div', { class: 'head' }, el('strong', {}, side.name),
        el('span', {}, t('{lost} of {start} bases lost ({percent}%)', { lost: side.bases_lost, start: side.bases_start, percent: decimal(side.percent_lost, 1) }))),
      track,
      el('div', { class: 'marks' }, side.crisis_due ? el('span', { class: 'due' }, t('Crisis of morale due.') + ' ') : null,
        !next ? t('Every threshold reached') : next.immediate ? t('Next threshold {percent}% at {bases} bases (sauve-qui-peut)', at)
          : t('Next threshold {percent}% at {bases} bases', at))));
  }
}

function requestItem(r, mine) {
  const item = el('div', { class: 'item', 'data-request': r.id });
  item.append(el('div', { class: 'what' }, r.summary.replace(/, roll .*$/, '')));
  item.append(el('div', { class: 'meta' }, t('{side} rolls {kind}', { side: sideName(r.side), kind: r.roll_kind }) +
    (r.entered !== null ? ' · ' + t('entered {value}', { value: r.entered }) : '') + (r.note ? ' · ' + r.note : '')));
  item.append(oddsBars(r.odds));
  if (mine) {
    // On a phone's keyboard: a random number (0.000-0.999) with the decimal keys, a comma taken
    // as the point; dice as digits, a pool (dice:3, each read alone) as "3,6,6" or "366".
    const random = r.roll_kind === 'random', pool = r.roll_kind.startsWith('dice:');
    const input = el('input', { type: 'text', inputmode: random ? 'decimal' : 'numeric', pattern: random ? null : pool ? null : '[0-9]*',
      autocomplete: 'off', enterkeyhint: 'send', placeholder: random ? '0.734' : pool ? Array(Number(r.roll_kind.slice(5))).fill('6').join(',') : '4',
      'aria-label': pool ? t('your dice') : t('your roll'), class: 'die' + (pool ? ' pool' : '') + (random ? ' random' : '') });
    const send = el('button', { type: 'button', class: 'send-die', onclick: async () => {
      const typed = typedRoll(r.roll_kind, input.value);
      if (typed.error) { toast(typed.error, true); return; }
      if (await call('POST', '/api/rolls/' + r.id, { value: typed.value })) toast(t('Sent: {value}. The umpire applies it.', { value: typed.value }));
    } }, r.entered !== null ? t('Correct') : t('Send'));
    item.append(el('div', { class: 'row' }, input, send));
  }
  return item;
}

// A typed roll as the server takes it, or what to type instead: a random number 0.000-0.999 (a
// comma as the decimal point, as a phone's keyboard may offer: "0,734", ",5", "0"), dice as
// digits in their range (d6 1-6, 2d6 2-12), a pool as one digit a die.
function typedRoll(kind, text) {
  const typed = String(text).trim();
  if (kind === 'random') {
    const m = /^0?[.,](\d{1,3})$/.exec(typed);
    if (m) return { value: '0.' + m[1].padEnd(3, '0') };
    if (typed === '0') return { value: '0.000' };
    return { error: t('Type the random number from 0.000 to 0.999, e.g. 0.734 (or 0,734)') };
  }
  const pool = /^dice:(\d+)$/.exec(kind);
  if (pool) {
    const n = Number(pool[1]);
    const dice = /^\d+$/.test(typed) && typed.length === n ? typed.split('') : typed.split(/[\s,;.]+/).filter(Boolean);
    if (dice.length === n && dice.every((d) => /^[1-6]$/.test(d))) return { value: dice.join(',') };
    return { error: t('Type your {n} dice, each 1-6, e.g. {example}', { n, example: Array(n).fill('6').join(',') }) };
  }
  const sum = /^(\d*)d(\d+)$/.exec(kind);
  if (sum) {
    const count = Number(sum[1] || 1), faces = Number(sum[2]);
    if (/^\d{1,3}$/.test(typed) && Number(typed) >= count && Number(typed) <= count * faces) return { value: Number(typed) };
    return { error: t('Type the number you rolled, {low}-{high}, in digits', { low: count, high: count * faces }) };
  }
  return typed === '' ? { error: t('Type what you rolled') } : { value: typed };  // a kind this page does not know: the server checks it
}

function renderRequests() {
  const mine = view.requests.filter((r) => view.role === 'player' && r.side === view.name);
  const others = view.requests.filter((r) => !(view.role === 'player' && r.side === view.name));
  $('dice').hidden = mine.length === 0;
  // Keep what a player is typing: rebuild the list only when the requests changed.
  const key = JSON.stringify(mine.map((r) => [r.id, r.entered]));
  if ($('dice-list').dataset.key !== key) { $('dice-list').dataset.key = key; $('dice-list').replaceChildren(...mine.map((r) => requestItem(r, true))); }
  $('waiting').hidden = others.length === 0 || view.role === 'umpire';
  $('waiting-list').replaceChildren(...others.map((r) => requestItem(r, false)));
}

function renderUnits() {
  // A player sees their side's units; the umpire both sides'.
  const units = view.role === 'player' ? (view.units[view.name] || []) : view.role === 'umpire' ? Object.values(view.units).flat() : [];
  $('units').hidden = units.length === 0;
  $('units-title').textContent = view.role === 'umpire' ? t('Units') : t('Your units');
  const classic = units.length === 0 || units[0].bases !== undefined;
  $('unit-head').hidden = !classic; $('piece-head').hidden = classic;
  $('unit-rows').replaceChildren(...units.map((u) => classic ? el('tr', {},
    el('td', {}, u.code + ' ', el('small', {}, u.name)), el('td', {}, u.bases + '/' + u.bases_start),
    el('td', { class: 'state-' + u.state }, u.presence === 'on-board' ? said(u, 'state') : said(u, 'presence')), el('td', {}, said(u, 'formation')))
    : el('tr', {}, el('td', {}, u.code + ' ', el('small', {}, u.name)), el('td', {}, pieceDetails(u)), el('td', {}, said(u, 'state') || said(u, 'status') || ''))));
  $('propose').hidden = view.role !== 'player';
  const classicKinds = classicForm();
  $('propose-form').hidden = !classicKinds; $('propose-any').hidden = classicKinds;
  if (view.role === 'player') fillPicker($('p-unit'), units.filter((u) => u.state !== 'routing').map((u) => [u.code, u.code + ' ' + u.name]));
  if (view.role === 'player') fillPicker($('p-target'), roster().filter((u) => u.side !== view.name && u.present).map((u) => [u.code, u.code + ' ' + u.name]));
  if (view.role === 'player' && !classicKinds) {
    // A system that lists no kinds (an open list): the kind is typed, the acting piece's key picked.
    const open = s => s && s.player_open;
    $('g-kind').hidden = !!open(view.state); $('g-kind-text').hidden = !open(view.state); $('g-own-key').hidden = !open(view.state);
    if (open(view.state)) {
      fillPicker($('g-own-key'), view.state.player_open.own_keys.map((k) => [k, k]));
      $('g-keys').textContent = t('with {keys} in Other keys', { keys: view.state.player_open.open_keys.join(', ') });
      $('g-target-label').hidden = false;
    }
    fillPicker($('g-kind'), playerKinds().map((k) => [k.kind, k.kind]));
    fillPicker($('g-piece'), units.filter((u) => u.state !== 'sunk').map((u) => [u.code, u.code + ' ' + u.name]));
    fillPicker($('g-target'), [['', t('(none)')]].concat(roster().filter((u) => u.side !== view.name && u.present).map((u) => [u.code, u.code + ' ' + u.name])));
  }
}

// A piece's sheet in a few words: "port decks 2 · starboard decks 2 · masts standing 3/3 · hull 4". The
// keys a system's sheet has (a ship's) in words; a key the page does not know shows as it is.
function sheetKey(key) {
  const words = {
    class: () => t('class of ship'), decks_per_side: () => t('decks a side'), fire: () => t('fire aboard'), hull: () => t('hull'),
    hull_start: () => t('hull at the start'), masts: () => t('masts standing'), port_decks: () => t('port decks'), starboard_decks: () => t('starboard decks'),
  };
  return words[key] ? words[key]() : key;
}
function pieceDetails(u) {
  const skip = ['code', 'name', 'state', 'status', 'x_cm', 'y_cm', 'heading_deg', 'facing_deg', 'words'];
  return Object.entries(u).filter(([k]) => !skip.includes(k)).map(([k, v]) =>
    sheetKey(k) + ' ' + (Array.isArray(v) ? v.filter((m) => m.standing !== false).length + '/' + v.length
      : typeof v === 'object' ? JSON.stringify(v) : typeof v === 'string' ? said(u, k) : v)).join(' · ');
}

function roster() { return (view.state && view.state.roster) || []; }

// A piece's state, status, formation or presence as the reader's language says it: the server sends
// the English word (the page's classes and checks read it) and, beside it, its words when they differ.
function said(u, member) { return (u.words && u.words[member]) || u[member]; }

// Who sent a journal line: a side's id, "umpire", or the umpire on a side's behalf.
function byWords(by) {
  const behalf = /^umpire \((roll entered|proposed) by (.+)\)$/.exec(by);
  if (behalf) return behalf[1] === 'proposed' ? t('umpire (proposed by {side})', { side: behalf[2] }) : t('umpire (roll entered by {side})', { side: behalf[2] });
  return by === 'umpire' ? t('umpire') : by;
}

function fillPicker(select, options) {
  const key = JSON.stringify(options);
  if (select.dataset.key === key) return;
  const chosen = select.value;
  select.dataset.key = key;
  select.replaceChildren(...options.map(([value, text]) => el('option', { value }, text)));
  if (options.some(([value]) => value === chosen)) select.value = chosen;
}

function proposalItem(p, umpire) {
  const item = el('div', { class: 'item', 'data-proposal': p.id });
  item.append(el('div', { class: 'what' }, t('{side} proposes: {summary}', { side: sideName(p.side), summary: p.summary.replace(/, roll .*$/, '') })));
  if (p.note) item.append(el('div', { class: 'meta' }, p.note));
  if (p.odds && p.odds.length) item.append(oddsBars(p.odds));
  else if (p.unavailable) item.append(el('div', { class: 'meta unavailable' }, p.unavailable));
  if (umpire) {
    // Every field of the action the umpire would apply, not only its summary: nothing is accepted unseen.
    item.append(el('dl', { class: 'fields' }, ...Object.entries(p.action || {}).flatMap(([key, value]) =>
      [el('dt', {}, key), el('dd', {}, typeof value === 'string' ? value : JSON.stringify(value))])));
    item.append(el('div', { class: 'row' },
      el('button', { type: 'button', class: 'ok accept', onclick: () => call('POST', '/api/proposals/' + p.id + '/accept', {}) }, t('Accept')),
      el('button', { type: 'button', class: 'quiet decline', onclick: () => call('POST', '/api/proposals/' + p.id + '/decline', {}) }, t('Decline'))));
  } else item.append(el('div', { class: 'meta' }, t('waiting for the umpire')));
  return item;
}

function renderProposals() {
  $('my-proposals').replaceChildren(...(view.role === 'player' ? view.proposals.map((p) => proposalItem(p, false)) : []));
}

function renderUmpire() {
  const umpire = view.role === 'umpire';
  $('umpire').hidden = !umpire;
  if (!umpire) return;
  $('u-proposals').replaceChildren(...(view.proposals.length ? [el('h3', {}, t('Proposals'))] : []), ...view.proposals.map((p) => proposalItem(p, true)));
  $('u-rolls').replaceChildren(...(view.requests.length ? [el('h3', {}, t('Dice asked for'))] : []), ...view.requests.map((r) => {
    const item = requestItem(r, false);
    item.append(el('div', { class: 'row' },
      el('button', { type: 'button', class: 'ok apply-roll', disabled: r.entered === null ? '' : null, onclick: () => call('POST', '/api/rolls/' + r.id + '/apply', {}) }, r.entered === null ? t('Waiting for {side}', { side: sideName(r.side) }) : t('Apply roll {value}', { value: r.entered })),
      el('button', { type: 'button', class: 'quiet', onclick: () => call('POST', '/api/rolls/' + r.id + '/cancel', {}) }, t('Cancel'))));
    return item;
  }));
  const present = roster().filter((u) => u.present).map((u) => [u.code, u.code + ' ' + u.name + ' (' + sideName(u.side) + ')']);
  fillPicker($('a-attacker'), present); fillPicker($('a-defender'), present);
  const sides = (view.state.side_ids || []).map((id) => [id, sideName(id)]);
  fillPicker($('a-side'), sides);
  fillPicker($('c-who'), sides.concat([['', t('every side')], ['umpire', t('the umpire (yours)')]]));
  $('u-end-phase').hidden = kindKey() !== 'do' || !view.state.phase;
  $('a-combat').hidden = !classicForm();
  $('u-action').placeholder = kindKey() === 'do' ? '{"do": "rally", "unit": "F-I1"}' : '{"' + kindKey() + '": "' + ((playerKinds()[0] || {}).kind || 'end-half') + '", ...}';
}

function renderJournal() {
  const list = $('journal');
  const lines = view.journal.slice().reverse();
  list.setAttribute('start', String(view.journalFirst + view.journal.length));
  $('older').hidden = view.journalFirst === 0;
  if (lines.length === 0) { list.replaceChildren(el('li', { class: 'empty' }, t('No action yet.'))); return; }
  list.replaceChildren(...lines.map((line) => line.fog
    ? el('li', { class: 'fogged' }, t('Hidden by the fog of war'))
    : el('li', {}, line.summary || line.do, ' ', el('span', { class: 'by' }, line.by && line.by !== 'desk' ? '· ' + byWords(line.by) : ''))));
}

// ------------------------------------------------------------------ actions

function join(code) {
  view.code = code.trim();
  try { localStorage.setItem('fortuna-code', view.code); } catch (e) { /* private mode: keep it in memory */ }
  if (view.socket && view.socket.readyState === WebSocket.OPEN) view.socket.send(authMessage());
}

function forget() {
  view.code = ''; view.role = 'spectator'; view.name = 'spectator'; view.units = {}; view.proposals = [];
  try { localStorage.removeItem('fortuna-code'); } catch (e) { /* nothing kept */ }
  render();
}

function leave() {
  forget();
  if (view.socket) view.socket.close();
}

$('join-form').addEventListener('submit', (e) => { e.preventDefault(); if ($('code').value.trim()) join($('code').value); });
$('leave').addEventListener('click', leave);

// Older journal lines, a hundred at a time, on request.
$('older').addEventListener('click', async () => {
  const game = view.game, from = Math.max(0, view.journalFirst - 100), count = view.journalFirst - from;
  if (count <= 0) return;
  const lines = await call('GET', '/api/journal?from=' + from + '&count=' + count);
  if (!lines || game !== view.game || view.journalFirst !== from + count) return;
  view.journal = lines.concat(view.journal); view.journalFirst = from; view.olderAsked = true;
  renderJournal();
});

$('p-kind').addEventListener('change', () => {
  const kind = $('p-kind').value;
  $('p-target-label').hidden = !(kind === 'combat' || kind === 'charge');
  $('p-flags').hidden = kind !== 'combat';
  $('p-formation-label').hidden = kind !== 'formation';
});

// Any system's proposal: a kind the system lists for players, the acting piece under the kind's
// first acting key, a target under its first target key, and the other keys as a JSON object.
$('propose-any').addEventListener('submit', async (e) => {
  e.preventDefault();
  const open = view.state && view.state.player_open;
  const kind = open ? { kind: $('g-kind-text').value.trim(), own: [$('g-own-key').value], existing: ['target'] }
    : playerKinds().find((k) => k.kind === $('g-kind').value);
  if (!kind || !kind.kind) { toast(open ? t('Type the action, e.g. fire') : t('Pick an action'), true); return; }
  const action = { [kindKey()]: kind.kind };
  if (kind.own.length) action[kind.own[0]] = $('g-piece').value;
  if (kind.existing.length && $('g-target').value) action[kind.existing[0]] = $('g-target').value;
  const more = $('g-more').value.trim();
  if (more) {
    let extra;
    try { extra = JSON.parse(more); } catch (err) { toast(t('Other keys: not JSON: {error}', { error: err.message }), true); return; }
    if (typeof extra !== 'object' || extra === null || Array.isArray(extra)) { toast(t('Other keys: a JSON object, e.g. {example}', { example: '{"side": "port"}' }), true); return; }
    Object.assign(action, extra);
  }
  const note = $('g-note').value.trim();
  if (await call('POST', '/api/proposals', note ? { action, note } : { action })) { toast(t('Proposed to the umpire')); $('g-note').value = ''; }
});

$('g-kind').addEventListener('change', () => {
  const kind = playerKinds().find((k) => k.kind === $('g-kind').value);
  $('g-target-label').hidden = !kind || kind.existing.length === 0;
  $('g-keys').textContent = kind ? t('the action takes {keys}', { keys: kind.keys.filter((k) => k !== kindKey()).join(', ') }) : '';
});

$('propose-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const kind = $('p-kind').value, unit = $('p-unit').value, target = $('p-target').value;
  let action;
  if (kind === 'combat') {
    action = { do: 'combat', attacker: unit, defender: target };
    for (const flag of ['charge', 'flank', 'rear']) if ($('p-' + flag).checked) action[flag] = true;
  } else if (kind === 'charge') {
    const t = roster().find((u) => u.code === target);
    if (!t) { toast(t('Pick the unit to charge'), true); return; }
    action = { do: 'charge', unit, to: { x_mm: t.x_mm, y_mm: t.y_mm } };
  } else if (kind === 'rally') action = { do: 'rally', unit };
  else action = { do: 'formation', unit, to: $('p-formation').value };
  const note = $('p-note').value.trim();
  if (await call('POST', '/api/proposals', note ? { action, note } : { action })) { toast(t('Proposed to the umpire')); $('p-note').value = ''; }
});

$('ask-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  let action;
  if ($('a-json').value.trim()) {
    try { action = JSON.parse($('a-json').value); } catch (err) { toast(t('Not JSON: {error}', { error: err.message }), true); return; }
  } else {
    action = { do: 'combat', attacker: $('a-attacker').value, defender: $('a-defender').value };
    for (const flag of ['charge', 'flank', 'rear']) if ($('a-' + flag).checked) action[flag] = true;
  }
  if (await call('POST', '/api/rolls', { side: $('a-side').value, action })) toast(t('Asked {side} for the dice', { side: sideName($('a-side').value) }));
});

// A code that went astray is revoked and replaced; the new code is shown here only.
$('codes-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const who = $('c-who').value, mine = who === 'umpire';
  view.expectRevoked = mine;
  const done = await call('POST', who ? '/api/codes/' + encodeURIComponent(who) + '/reissue' : '/api/codes/reissue', {});
  if (!done) { view.expectRevoked = false; return; }
  $('c-list').replaceChildren(...Object.entries(done.codes).flatMap(([id, code]) =>
    [el('dt', {}, id === 'umpire' ? t('Umpire (yours)') : sideName(id)), el('dd', { class: 'new-code', 'data-who': id }, code)]));
  $('c-new').hidden = false;
  if (mine) join(done.codes.umpire);
  toast(t('New code issued: the old one no longer works'));
});

$('u-end-phase').addEventListener('click', () => call('POST', '/api/actions', { do: 'end-phase' }));
$('u-fog').addEventListener('change', async (e) => {
  const answer = await call('POST', '/api/fog', { on: e.target.checked });
  if (!answer) e.target.checked = !e.target.checked;  // refused (a system that measures no sight): as it was
});
$('u-fog-strengths').addEventListener('change', async (e) => {
  const on = !!(view.state && view.state.fog && view.state.fog.on);
  const answer = await call('POST', '/api/fog', { on, strengths: e.target.value });
  if (!answer) e.target.value = e.target.value === 'rounded' ? 'hidden' : 'rounded';  // refused: as it was
});
$('u-undo').addEventListener('click', () => call('POST', '/api/actions', { [kindKey()]: 'undo' }));
$('action-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  let action;
  try { action = JSON.parse($('u-action').value); } catch (err) { toast(t('Not JSON: {error}', { error: err.message }), true); return; }
  const done = await call('POST', '/api/actions', action);
  if (done) { toast(done.applied.summary); $('u-action').value = ''; }
});

// A code in the address (#code=...) joins at once: the umpire's dialog shows such links as QR codes.
const fromHash = new URLSearchParams(location.hash.slice(1)).get('code');
let stored = '';
try { stored = localStorage.getItem('fortuna-code') || ''; } catch (e) { /* none */ }
view.code = (fromHash || stored || '').trim();
if (fromHash) { try { localStorage.setItem('fortuna-code', fromHash); } catch (e) { /* none */ } history.replaceState(null, '', location.pathname + location.search); }
$('p-kind').dispatchEvent(new Event('change'));
$('g-kind').dispatchEvent(new Event('change'));
// Tap the picture to zoom it (it scrolls inside its card), tap again to fit.
$('board').addEventListener('click', () => { $('board-frame').classList.toggle('zoomed'); if (view.state) render(); });

// The page's language first: the one chosen on this phone (?language= from the chooser, else
// remembered), else the browser's, which the server reads from Accept-Language and names in its
// answer; every later request then names it. No words (an old server, a failed request): English.
async function start() {
  let chosen = new URLSearchParams(location.search).get('language') || '';
  try { chosen = chosen || localStorage.getItem('fortuna-language') || ''; } catch (e) { /* none kept */ }
  try {
    const response = await fetch('/api/words' + (chosen ? '?language=' + encodeURIComponent(chosen) : ''));
    if (response.ok) {
      const words = await response.json();
      page.language = words.language || 'en'; page.words = words.words || {}; page.languages = words.languages || [];
    }
  } catch (e) { /* English, as written */ }
  tellPage();
  fillLanguages(chosen);
  // The state at once, without waiting for the live feed: the board, the clock and the units list
  // show as soon as the page has loaded (the feed's hello then takes over).
  call('GET', '/api/state').then((state) => {
    if (state && !view.state) { view.state = state; view.requests = state.requests || []; render(); }
  });
  connect();
}
start();

// alea view: plays a game back from the events in the page's data (see src/cli/view/mod.rs).
// Each game's table is folded from the events up to the current step; nothing else is read.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("data").textContent);
  const errors = [];
  window.addEventListener("error", (e) => errors.push(String(e.message)));
  const consoleError = console.error.bind(console);
  console.error = (...args) => {
    errors.push(args.map(String).join(" "));
    consoleError(...args);
  };
  const $ = (id) => document.getElementById(id);
  const el = (tag, cls, text) => {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const seats = data.players.length;
  const last = data.steps.length - 1;

  // ---- Event text ------------------------------------------------------------------------
  const tileList = (list) => (list || []).join(" ");
  const PAGE_EVENTS = {
    revealed: (e) => `P${e.seat} shows ${tiles(e.hand).join(" ")}`,
    collapse: (e) => `the wall's ${e.exit} slot ${e.index} collapses to ${e.tile} (future sight)`,
    ability: (e) => {
      const what = {
        raided: () => `raids ${tileList(e.taken) || "nothing"} into its hand` +
          (e.loaded_b && e.loaded_b.length ? `, loads ${tileList(e.loaded_b)} into zone B` : ""),
        planned: () => `plans: ${e.plan}`,
        begged: () => `begs ${tileList(e.tiles)}`,
        lit: () => `lights ${(e.tiles || []).map((t) => `${t.tile}${t.zone === "B" ? "(B)" : ""} ${t.mk > 0 ? "+" : ""}${t.mk}`).join(", ")} for P${e.drawer}'s draw`,
      }[e.act];
      return `${e.ability} ${what ? what() : e.act}`;
    },
  };
  function describe(event) {
    if (event === null || typeof event !== "object") return String(event);
    if (PAGE_EVENTS[event.event]) return PAGE_EVENTS[event.event](event);
    const named = (k, v) => (data.game === "sgs" && k === "card" ? cardName(v) : v);
    const parts = Object.entries(event)
      .filter(([k]) => k !== "event")
      .map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : named(k, v)}`);
    return `${event.event || "event"}${parts.length ? ": " + parts.join(", ") : ""}`;
  }
  function actionText(step) {
    if (step.actor === null) return "setup";
    const who = `P${step.actor}`;
    return step.action === null ? `${who} acts` : `${who}: ${JSON.stringify(step.action)}`;
  }

  // ---- Tiles (mahjong) -------------------------------------------------------------------
  const HONORS = ["", "E", "S", "W", "N", "Wh", "G", "R"];
  const SUIT = { m: "man", p: "pin", s: "sou", z: "honor" };
  function tiles(text) {
    const out = [];
    let digits = [];
    for (const ch of text || "") {
      if (ch >= "0" && ch <= "9") digits.push(ch);
      else if (SUIT[ch]) {
        for (const d of digits) out.push(d + ch);
        digits = [];
      }
    }
    return out;
  }
  function tile(name, extra) {
    if (!name) return el("span", "tile back" + (extra ? " " + extra : ""), "");
    const suit = name[1];
    const n = name[0];
    const face = suit === "z" ? HONORS[Number(n)] : n === "0" ? "5" : n;
    const node = el("span", `tile ${SUIT[suit]}${n === "0" ? " red" : ""}${extra ? " " + extra : ""}`);
    node.append(el("b", face.length > 1 ? "two" : "", face), el("i", "", suit === "z" ? "" : suit));
    node.title = name;
    return node;
  }
  // Hand order: man, pin, sou, honors; a red five (0) as a five.
  const ORDER = "mpsz";
  function tileKey(name) {
    const n = name[0] === "0" ? 5.5 : Number(name[0]);
    return ORDER.indexOf(name[1]) * 10 + n;
  }
  function sameTile(a, b) {
    return a === b || (a[1] === b[1] && ((a[0] === "0" && b[0] === "5") || (a[0] === "5" && b[0] === "0")));
  }
  function take(hand, name) {
    const i = hand.tiles.findIndex((t) => t === name);
    const j = i >= 0 ? i : hand.tiles.findIndex((t) => sameTile(t, name));
    if (j >= 0) hand.tiles.splice(j, 1);
    else hand.hidden = Math.max(0, hand.hidden - 1);
  }

  // The abilities seated (with the plan each bargained this hand) and what they did in the
  // current step: tiles lit for a draw, raided or begged at a deal, wall slots collapsed.
  function abilityRows(t, now) {
    const rows = [];
    if (data.abilities.length) {
      const line = el("div", "row abilities", "abilities: " + data.abilities.map((a) =>
        t.plans[a] ? `${a} (${t.plans[a]})` : a).join(" · "));
      rows.push(line);
    }
    const seen = now.filter((e) => e.event === "collapse");
    if (seen.length) {
      const row = el("div", "row act", "future sight (the wall's next slots):");
      seen.forEach((e) => {
        const t = tile(e.tile, "lit");
        t.title = `${e.exit} slot ${e.index}: ${e.tile}`;
        row.append(t);
      });
      rows.push(row);
    }
    for (const e of now) {
      if (e.event !== "ability" || e.act === "planned") continue; // plans: the line above
      const row = el("div", "row act", `${e.ability}:`);
      const some = (label, list, cls) => {
        if (!list.length) return;
        row.append(el("span", "", label));
        list.forEach((x) => row.append(tile(x, cls)));
      };
      if (e.act === "lit") {
        const tiles = e.tiles || [];
        const up = tiles.filter((x) => x.mk > 0);
        const down = tiles.filter((x) => x.mk < 0);
        if (up.length) row.append(el("span", "", `lights for P${e.drawer}'s draw`));
        up.forEach((x) => row.append(tile(x.tile, "lit"), el("span", "mk", `+${x.mk}${x.zone === "B" ? " B" : ""}`)));
        if (down.length > 6) row.append(el("span", "mk", `lowers ${down.length} tiles (${down[0].mk}…)`));
        else down.forEach((x) => row.append(tile(x.tile, "dim"), el("span", "mk", `${x.mk}`)));
      } else {
        some("raids", e.taken || [], "lit");
        some("loads into zone B", e.loaded_b || [], "dim");
        some("begs", e.tiles || [], "lit");
      }
      rows.push(row);
    }
    return rows;
  }

  function mahjong(events, board, now) {
    const sichuan = data.game === "sichuan";
    const start = (data.rules && data.rules.start_points) || (sichuan ? 0 : 25000);
    const t = {
      hands: [], ponds: [], melds: [], scores: Array(seats).fill(start), riichi: [],
      declared: [], indicators: [], wall: 0, round: "", over: null, plans: {}, winTile: [],
    };
    const fresh = () => {
      t.ponds = Array.from({ length: seats }, () => []);
      t.melds = Array.from({ length: seats }, () => []);
      t.riichi = Array(seats).fill(false);
      t.declared = Array(seats).fill(null);
      t.winTile = Array(seats).fill(null);
      t.plans = {};
    };
    fresh();
    for (const e of events) {
      switch (e.event) {
        case "deal":
          fresh();
          t.hands = e.hands.map((h) => (h === null ? { tiles: [], hidden: 13 } : { tiles: tiles(h), hidden: 0 }));
          t.indicators = e.indicator ? [e.indicator] : [];
          t.wall = sichuan ? 108 - 13 * seats : 136 - 14 - 13 * seats;
          t.round = sichuan ? `hand ${e.number + 1}` :
            `${["East", "South", "West", "North"][e.wind] || "?"} ${e.number + 1}, ${e.honba} honba, ${e.sticks} sticks`;
          break;
        case "draw": {
          t.wall -= 1;
          const hand = t.hands[e.seat];
          if (!hand) break;
          if (e.tile) hand.tiles.push(e.tile);
          else hand.hidden += 1;
          break;
        }
        case "discard":
          if (t.hands[e.seat]) take(t.hands[e.seat], e.tile);
          t.ponds[e.seat].push({ tile: e.tile, riichi: !!e.riichi });
          if (e.riichi) t.riichi[e.seat] = true;
          break;
        case "call": {
          const open = e.kind === "open_kan";
          const used = open ? Array(3).fill(e.tile) : e.with || Array(e.kind === "pon" ? 2 : 3).fill(e.tile);
          if (t.hands[e.seat]) used.forEach((x) => take(t.hands[e.seat], x));
          const pond = t.ponds[e.from];
          if (pond && pond.length) pond[pond.length - 1].claimed = true;
          t.melds[e.seat].push([e.tile, ...used]);
          break;
        }
        case "kan": {
          const closed = /closed/.test(e.kind);
          const count = closed ? 4 : 1;
          if (t.hands[e.seat]) for (let i = 0; i < count; i++) take(t.hands[e.seat], e.tile);
          if (closed) t.melds[e.seat].push([e.tile, e.tile, e.tile, e.tile]);
          else {
            const meld = t.melds[e.seat].find((m) => m.length === 3 && m.every((x) => sameTile(x, e.tile)));
            if (meld) meld.push(e.tile);
            else t.melds[e.seat].push([e.tile]);
          }
          break;
        }
        case "riichi_stick":
          t.scores[e.seat] -= 1000;
          t.riichi[e.seat] = true;
          break;
        case "declare":
          t.declared[e.seat] = e.suit;
          break;
        case "win":
          if (e.from !== null && e.from !== undefined) t.winTile[e.seat] = e.tile;
          if (e.deltas) e.deltas.forEach((d, s) => (t.scores[s] += d));
          break;
        case "exhaustive_draw":
          if (e.deltas) e.deltas.forEach((d, s) => (t.scores[s] += d));
          break;
        case "revealed": {
          const shown = tiles(e.hand);
          if (t.winTile[e.seat]) shown.push(t.winTile[e.seat]);
          t.hands[e.seat] = { tiles: shown, hidden: 0, revealed: true };
          break;
        }
        case "ability":
          if (e.act === "planned") t.plans[e.ability] = e.plan;
          break;
        case "indicator":
          if (e.tile) t.indicators.push(e.tile);
          break;
        case "match_end":
          t.scores = e.scores.slice();
          t.over = "match over";
          break;
        default:
      }
    }
    if (board && board.scores) t.scores = board.scores.slice();
    const root = el("div", "mahjong");
    const head = el("div", "row");
    head.append(el("span", "", t.round + (t.over ? ` — ${t.over}` : "")));
    if (!sichuan) {
      const dora = el("span", "dora", " dora indicators ");
      t.indicators.forEach((x) => dora.append(tile(x)));
      head.append(dora);
    }
    head.append(el("span", "wall", ` wall ${Math.max(0, t.wall)}`));
    root.append(head);
    root.append(...abilityRows(t, now));
    for (let s = 0; s < seats; s++) {
      const seat = el("div", "seat" + (data.viewer === s ? " viewer" : ""));
      const h = t.hands[s] || { tiles: [], hidden: 0 };
      const seated = (data.abilities || []).filter((a) => a.endsWith(`@${s}`)).map((a) => a.split("@")[0]);
      const label = `P${s} ${data.players[s] || ""} · ${t.scores[s]}${t.riichi[s] ? " · riichi" : ""}` +
        (t.declared[s] ? ` · void ${t.declared[s]}` : "") + (seated.length ? ` · ${seated.join(", ")}` : "") +
        (h.revealed ? " · shown" : "");
      seat.append(el("div", "label", label));
      const hand = el("div", "hand");
      h.tiles.slice().sort((a, b) => tileKey(a) - tileKey(b)).forEach((x) => hand.append(tile(x)));
      for (let i = 0; i < h.hidden; i++) hand.append(tile(null));
      t.melds[s].forEach((m) => {
        const meld = el("span", "meld");
        m.forEach((x) => meld.append(tile(x)));
        hand.append(meld);
      });
      const pond = el("div", "pond");
      t.ponds[s].forEach((p) => pond.append(tile(p.tile, (p.riichi ? "sideways" : "") + (p.claimed ? " claimed" : ""))));
      seat.append(hand, pond);
      root.append(seat);
    }
    return root;
  }

  // ---- Pig -------------------------------------------------------------------------------
  function die(face) {
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 30 30");
    svg.setAttribute("class", "die");
    const rect = document.createElementNS(svg.namespaceURI, "rect");
    Object.entries({ x: 1, y: 1, width: 28, height: 28, rx: 5 }).forEach(([k, v]) => rect.setAttribute(k, v));
    svg.append(rect);
    const pips = { 1: [[15, 15]], 2: [[8, 8], [22, 22]], 3: [[8, 8], [15, 15], [22, 22]],
      4: [[8, 8], [22, 8], [8, 22], [22, 22]], 5: [[8, 8], [22, 8], [15, 15], [8, 22], [22, 22]],
      6: [[8, 7], [22, 7], [8, 15], [22, 15], [8, 23], [22, 23]] }[face];
    if (!pips) {
      const text = document.createElementNS(svg.namespaceURI, "text");
      text.setAttribute("x", 15); text.setAttribute("y", 20); text.setAttribute("text-anchor", "middle");
      text.textContent = String(face);
      svg.append(text);
    }
    for (const [x, y] of pips || []) {
      const c = document.createElementNS(svg.namespaceURI, "circle");
      c.setAttribute("cx", x); c.setAttribute("cy", y); c.setAttribute("r", 2.6);
      svg.append(c);
    }
    return svg;
  }
  function pig(events) {
    const target = (data.rules && data.rules.win_score) || 100;
    const t = { banked: Array(seats).fill(0), total: 0, mover: 0, face: null, note: "" };
    for (const e of events) {
      if (e.event === "rolled") { t.face = e.face; t.mover = e.seat; if (e.face !== 1) t.total += e.face; }
      if (e.event === "bust") { t.total = 0; t.note = `P${e.seat} rolled a 1 and lost ${e.lost}`; }
      if (e.event === "bank") { t.banked[e.seat] += e.points; t.total = 0; t.note = `P${e.seat} banked ${e.points}`; }
      if (e.event === "turn_passed") t.mover = (e.from + 1) % seats;
    }
    const root = el("div", "pig");
    const top = el("div", "row");
    if (t.face !== null) top.append(die(t.face));
    top.append(el("span", "", ` turn total ${t.total} · P${t.mover} to move · ${t.note}`));
    root.append(top);
    for (let s = 0; s < seats; s++) {
      const row = el("div", "seat" + (s === t.mover ? " mover" : ""));
      row.append(el("span", "label", `P${s} ${data.players[s] || ""}: ${t.banked[s]} / ${target}`));
      const bar = el("span", "bar");
      bar.append(el("span", "fill"));
      bar.firstChild.style.width = `${Math.min(100, (100 * t.banked[s]) / target)}%`;
      row.append(bar);
      root.append(row);
    }
    return root;
  }

  // ---- sgs -------------------------------------------------------------------------------
  // The deck as the record's rules list it: card id k is the k-th copy in order.
  const deck = ((data.rules && data.rules.deck) || []).flatMap((entry) =>
    (entry.copies || []).map((copy) => ({ name: entry.name, copy, slot: entry.range ? "weapon" : /shield|armor/.test(entry.name) ? "armor" : null })));
  const cardName = (id) => (deck[id] ? `${deck[id].name.replace(/_/g, " ")} ${deck[id].copy}` : "a card");
  function sgs(events, board) {
    // The table after the step (hit points, hand counts, equipment, the roles the viewer
    // knows) is the step's board; the card in play and whose turn it is come from the events.
    const seat = ((board && board.seats) || []).map((b) => ({
      hp: b.hp, max: b.max_hp, role: b.role, hand: b.hand, gear: b.equipment || [], alive: b.alive, cards: b.cards,
    }));
    let inPlay = null;
    let turn = null;
    for (const e of events) {
      if (e.event === "turn_started") turn = e.seat;
      if (e.event === "use") inPlay = { seat: e.user, card: e.card, target: e.target };
      if (e.event === "played") inPlay = { seat: e.seat, card: e.card, target: null };
    }
    const root = el("div", "sgs");
    if (inPlay) {
      const to = inPlay.target === null || inPlay.target === undefined ? "" : ` → P${inPlay.target}`;
      root.append(el("div", "row", `in play: P${inPlay.seat} ${cardName(inPlay.card)}${to}`));
    }
    seat.forEach((t, s) => {
      const box = el("div", "seat" + (data.viewer === s ? " viewer" : "") + (turn === s ? " mover" : "") + (t.alive ? "" : " dead"));
      const role = t.role ? ` · ${t.role}` : " · role hidden";
      box.append(el("div", "label", `P${s} ${data.players[s] || ""}${role}${t.alive ? "" : " · dead"}`));
      const hp = el("div", "hp");
      for (let i = 0; i < Math.max(t.max, 0); i++) hp.append(el("span", i < t.hp ? "pip" : "pip lost", ""));
      hp.append(el("span", "", ` ${t.hp} / ${t.max} hp · ${t.hand} cards in hand`));
      box.append(hp);
      box.append(el("div", "", t.gear.length ? `equipment: ${t.gear.map(cardName).join(", ")}` : "no equipment"));
      if (t.cards) box.append(el("div", "cards", `hand: ${t.cards.map(cardName).join(", ") || "empty"}`));
      root.append(box);
    });
    return root;
  }

  // ---- The duel: the step's board ---------------------------------------------------------
  const ELEMENT_COLOR = { omni: "#eee", pyro: "#e2553f", hydro: "#3f7fe2", anemo: "#4fc7a8",
    electro: "#a05fd8", dendro: "#6aa52f", cryo: "#8fd3e8", geo: "#d8a93f" };
  function elementName(face) { return String(face || "").toLowerCase(); }
  function diceFace(face) {
    const name = elementName(face);
    const node = el("span", "dice", name ? name[0].toUpperCase() : "?");
    node.style.background = ELEMENT_COLOR[name] || "#bbb";
    node.title = name || "hidden die";
    return node;
  }
  function duel(events, board) {
    const root = el("div", "duel");
    if (!board || !board.sides) return root;
    root.append(el("div", "row", `round ${board.round} · ${board.phase}` +
      (board.winner !== null && board.winner !== undefined ? ` · P${board.winner} wins` : ` · P${board.turn} to act`)));
    board.sides.forEach((side, s) => {
      const box = el("div", "seat" + (data.viewer === s ? " viewer" : "") + (board.turn === s ? " mover" : ""));
      box.append(el("div", "label", `P${s} ${data.players[s] || ""}${side.ended ? " · ended the round" : ""}`));
      const team = el("div", "team");
      side.characters.forEach((c) => {
        const card = el("div", "character" + (c.active ? " active" : "") + (c.alive ? "" : " dead"));
        const element = elementName(c.element);
        card.style.borderTopColor = ELEMENT_COLOR[element] || "#999";
        card.append(el("div", "name", c.name));
        const hp = el("div", "hp");
        for (let i = 0; i < c.max_hp; i++) hp.append(el("span", i < c.hp ? "pip" : "pip lost", ""));
        card.append(hp, el("div", "", `${c.hp} / ${c.max_hp} hp · energy ${c.energy} / ${c.max_energy}`));
        if (c.aura) card.append(el("div", "aura", `aura: ${elementName(c.aura)}`));
        c.statuses.forEach((p) => card.append(el("div", "status", pieceText(p))));
        team.append(card);
      });
      box.append(team);
      const dice = el("div", "row");
      dice.append(el("span", "", `dice ${side.dice}:`));
      if (side.faces) side.faces.forEach((f) => dice.append(diceFace(f)));
      else for (let i = 0; i < side.dice; i++) dice.append(diceFace(null));
      box.append(dice);
      const rows = [["summons", side.summons], ["supports", side.supports]];
      rows.forEach(([name, pieces]) => box.append(el("div", "", `${name}: ${pieces.length ? pieces.map(pieceText).join(", ") : "none"}`)));
      const hand = side.cards ? side.cards.join(", ") : "hidden";
      box.append(el("div", "", `hand ${side.hand} (${hand}) · pile ${side.pile}`));
      root.append(box);
    });
    return root;
  }
  function pieceText(p) {
    const extra = [p.value ? `${p.value}` : "", p.usages ? `${p.usages} left` : ""].filter(Boolean);
    return `${p.name}${extra.length ? ` (${extra.join(", ")})` : ""}`;
  }

  const TABLES = { mahjong, sichuan: mahjong, pig, sgs, duel };

  // ---- The player ------------------------------------------------------------------------
  const slider = $("slider");
  slider.max = String(last);
  let current = 0;
  // The log is written once; a step shows the blocks up to it.
  const log = $("log");
  const blocks = data.steps.map((step, k) => {
    const block = el("div", "step");
    block.append(el("div", "action", `${k}. ${actionText(step)}`));
    step.events.forEach((e) => block.append(el("div", "event", describe(e))));
    block.hidden = k > 0;
    log.append(block);
    return block;
  });
  function render(i) {
    const before = current;
    current = Math.max(0, Math.min(last, i));
    slider.value = String(current);
    const events = data.steps.slice(0, current + 1).flatMap((s) => s.events);
    const table = $("table");
    const step = data.steps[current];
    const warn = data.problems.length ? [el("div", "warning", `this record does not verify: ${data.problems.join("; ")}`)] : [];
    const draw = TABLES[data.game] || (() => el("div", "", `no table for ${data.game}; the log has every event`));
    table.replaceChildren(...warn, draw(events, step.board, step.events));
    if (current === last) {
      table.append(el("div", "final", `final scores: ${data.scores.join(" · ")}`));
    }
    $("where").textContent = `step ${current} / ${last}`;
    if (!selftest && location.hash !== `#step=${current}`) history.replaceState(null, "", `#step=${current}`);
    for (let k = Math.min(before, current); k <= Math.max(before, current); k++) {
      blocks[k].hidden = k > current;
      blocks[k].classList.toggle("current", k === current);
    }
    if (blocks[current].scrollIntoView) blocks[current].scrollIntoView({ block: "nearest" });
  }
  slider.addEventListener("input", () => render(Number(slider.value)));
  $("first").addEventListener("click", () => render(0));
  $("prev").addEventListener("click", () => render(current - 1));
  $("next").addEventListener("click", () => render(current + 1));
  $("last").addEventListener("click", () => render(last));
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: last }[e.key];
    if (to !== undefined) { e.preventDefault(); render(to); }
  });
  // `#step=N` opens at step N; `#selftest` steps through every position and records the
  // outcome on <body data-selftest> ("ok N" or the errors) for a headless browser to read.
  const hash = location.hash;
  const selftest = hash === "#selftest";
  const stepOf = (h) => { const m = /^#step=(\d+)$/.exec(h); return m ? Number(m[1]) : null; };
  window.addEventListener("hashchange", () => { const k = stepOf(location.hash); if (k !== null && k !== current) render(k); });
  if (selftest) {
    try {
      for (let i = 0; i <= last; i++) render(i);
    } catch (e) {
      errors.push(String(e && e.stack ? e.stack : e));
    }
    document.body.dataset.selftest = errors.length ? "error: " + errors.join(" | ") : `ok ${last + 1}`;
  } else {
    render(stepOf(hash) || 0);
  }
})();

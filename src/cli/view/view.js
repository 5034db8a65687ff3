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
  function describe(event) {
    if (event === null || typeof event !== "object") return String(event);
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
    node.append(el("b", "", face), el("i", "", suit === "z" ? "" : suit));
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

  function mahjong(events) {
    const sichuan = data.game === "sichuan";
    const start = (data.rules && data.rules.start_points) || (sichuan ? 0 : 25000);
    const t = {
      hands: [], ponds: [], melds: [], scores: Array(seats).fill(start), riichi: [],
      declared: [], indicators: [], wall: 0, round: "", over: null,
    };
    const fresh = () => {
      t.ponds = Array.from({ length: seats }, () => []);
      t.melds = Array.from({ length: seats }, () => []);
      t.riichi = Array(seats).fill(false);
      t.declared = Array(seats).fill(null);
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
        case "exhaustive_draw":
          if (e.deltas) e.deltas.forEach((d, s) => (t.scores[s] += d));
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
    for (let s = 0; s < seats; s++) {
      const seat = el("div", "seat" + (data.viewer === s ? " viewer" : ""));
      const label = `P${s} ${data.players[s] || ""} · ${t.scores[s]}${t.riichi[s] ? " · riichi" : ""}` +
        (t.declared[s] ? ` · void ${t.declared[s]}` : "");
      seat.append(el("div", "label", label));
      const hand = el("div", "hand");
      const h = t.hands[s] || { tiles: [], hidden: 0 };
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

  // ---- Counters (sgs, the duel): per seat tallies of what the events show ----------------
  function counters(events) {
    const rows = Array.from({ length: seats }, () => ({}));
    const add = (seat, key, n) => {
      if (seat === null || seat === undefined || !rows[seat]) return;
      rows[seat][key] = (rows[seat][key] || 0) + n;
    };
    for (const e of events) {
      switch (e.event) {
        case "draw": case "drawn": add(e.seat, "cards drawn", e.count || 1); break;
        case "use": add(e.user, "cards used", 1); break;
        case "discard": add(e.seat, "cards discarded", 1); break;
        case "card_played": add(e.seat, "cards played", 1); break;
        case "card_tuned": add(e.seat, "cards tuned", 1); break;
        case "damage":
          if (data.game === "sgs") { add(e.to, "hp lost", e.amount); add(e.from, "damage dealt", e.amount); }
          else add(1 - e.seat, "damage dealt", e.amount);
          break;
        case "recover": add(e.seat, "hp recovered", e.amount); break;
        case "healed": add(e.seat, "healed", e.amount); break;
        case "dice_created": add(e.seat, "dice", e.count); break;
        case "skill_used": add(e.seat, "skills used", 1); break;
        case "summoned": add(e.seat, "summons", 1); break;
        case "defeated": add(e.seat, "characters defeated", 1); break;
        case "death": add(e.seat, "dead", 1); break;
        default:
      }
    }
    const root = el("table", "counters");
    const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    const head = el("tr");
    head.append(el("th", "", "seat"));
    keys.forEach((k) => head.append(el("th", "", k)));
    root.append(head);
    rows.forEach((r, s) => {
      const tr = el("tr", data.viewer === s ? "viewer" : "");
      tr.append(el("td", "", `P${s} ${data.players[s] || ""}`));
      keys.forEach((k) => tr.append(el("td", "", String(r[k] || 0))));
      root.append(tr);
    });
    return root;
  }

  // ---- sgs -------------------------------------------------------------------------------
  // The deck as the record's rules list it: card id k is the k-th copy in order.
  const deck = ((data.rules && data.rules.deck) || []).flatMap((entry) =>
    (entry.copies || []).map((copy) => ({ name: entry.name, copy, slot: entry.range ? "weapon" : /shield|armor/.test(entry.name) ? "armor" : null })));
  const cardName = (id) => (deck[id] ? `${deck[id].name.replace(/_/g, " ")} ${deck[id].copy}` : "a card");
  function sgs(events) {
    const setup = (data.setup && data.setup.seats) || [];
    const seat = Array.from({ length: seats }, (_, s) => ({
      hp: setup[s] ? setup[s].hp : 0, max: setup[s] ? setup[s].max_hp : 0,
      role: setup[s] ? setup[s].role : null, hand: 0, weapon: null, armor: null, alive: true,
    }));
    let inPlay = null;
    let turn = null;
    const unequip = (s, card) => {
      if (!seat[s]) return false;
      for (const slot of ["weapon", "armor"]) if (seat[s][slot] === card) { seat[s][slot] = null; return true; }
      return false;
    };
    for (const e of events) {
      switch (e.event) {
        case "turn_started": turn = e.seat; break;
        case "draw": seat[e.seat].hand += e.count; break;
        case "use": {
          seat[e.user].hand -= 1;
          const slot = deck[e.card] && deck[e.card].slot;
          if (slot) seat[e.user][slot] = e.card;
          inPlay = { seat: e.user, card: e.card, target: e.target };
          break;
        }
        case "played": seat[e.seat].hand -= 1; inPlay = { seat: e.seat, card: e.card, target: null }; break;
        case "discard": seat[e.seat].hand -= 1; break;
        case "lost":
          if (!unequip(e.from, e.card)) seat[e.from].hand -= 1;
          if (e.to !== null && e.to !== undefined) seat[e.to].hand += 1;
          break;
        case "damage": seat[e.to].hp -= e.amount; break;
        case "recover": seat[e.seat].hp = Math.min(seat[e.seat].max, seat[e.seat].hp + e.amount); break;
        case "death": seat[e.seat].alive = false; break;
        default:
      }
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
      const gear = [t.weapon, t.armor].filter((c) => c !== null).map(cardName);
      box.append(el("div", "", gear.length ? `equipment: ${gear.join(", ")}` : "no equipment"));
      root.append(box);
    });
    return root;
  }

  const TABLES = { mahjong, sichuan: mahjong, pig, sgs, duel: counters };

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
    table.replaceChildren((TABLES[data.game] || counters)(events));
    if (current === last) {
      table.append(el("div", "final", `final scores: ${data.scores.join(" · ")}`));
    }
    $("where").textContent = `step ${current} / ${last}`;
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
  if (hash === "#selftest") {
    try {
      for (let i = 0; i <= last; i++) render(i);
    } catch (e) {
      errors.push(String(e && e.stack ? e.stack : e));
    }
    document.body.dataset.selftest = errors.length ? "error: " + errors.join(" | ") : `ok ${last + 1}`;
  } else {
    const m = /^#step=(\d+)$/.exec(hash);
    render(m ? Number(m[1]) : 0);
  }
})();

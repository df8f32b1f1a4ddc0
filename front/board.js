// The game's page (bundled with shared.js by esbuild into src/web/assets/board.js), in place:
// steps through the game (every step is also a plain link, so the page works without this
// script), follows the game live (a WebSocket), and lets the player whose personal link
// opened the page play by tapping. It holds no rules: the server sends each legal move as
// the taps that choose it, and this script lights up the next taps of the moves that still
// fit. Texts are set with textContent, never as HTML: names come from players.
import { DISCORD_PARAMS, el, follow, readPage, say } from "./shared.js";

(function () {
  "use strict";
  const body = document.body;
  const id = body.dataset.id;
  if (!id) return;
  const lang = body.dataset.lang;
  const token = body.dataset.token || "";
  const svgNs = "http://www.w3.org/2000/svg";
  let ply = Number(body.dataset.ply);
  let plies = Number(body.dataset.plies);
  // Whether the board is drawn turned: the server's choice for the reader at first (each
  // player sees their own side at the bottom), then the reader's, kept in every address.
  let turned = body.dataset.turned === "1";
  let asked = 0;
  // The ply last asked for: keys pressed quickly step from it, not from the ply shown.
  let target = ply;
  // The latest view shown, and the taps made so far toward a move.
  let view = null;
  let taps = [];
  let sending = false;

  // Inside the Discord Activity the frame's Discord parameters stay in every address the
  // page goes to, so that a reload still finds Discord (activity.js reads them).
  const here = new URLSearchParams(window.location.search);
  const discord = DISCORD_PARAMS
    .filter((key) => here.has(key))
    .map((key) => `&${key}=${encodeURIComponent(here.get(key))}`)
    .join("");
  // Where the page is (a game's, or a player's puzzles, whose address holds its token):
  // its steps go there, and its script reads and sends under /api.
  const page = body.dataset.page || `/games/${id}`;
  const puzzle = document.getElementById("puzzle");
  const query = (p) => `ply=${p}&lang=${lang}&turned=${turned ? 1 : 0}`
    + (token && !puzzle ? `&t=${encodeURIComponent(token)}` : "") + discord;
  const path = (p) => `${page}?${query(p)}`;
  // Next puzzle is a plain form: inside the Activity it carries Discord's parameters too.
  const nextForm = document.getElementById("puzzle-next");
  if (nextForm && discord) nextForm.setAttribute("action", nextForm.getAttribute("action") + discord);
  const auth = token ? { Authorization: `Bearer ${token}` } : {};

  // The move list, rebuilt when the game has grown.
  function listMoves(v) {
    const list = document.getElementById("moves");
    if (list.children.length === v.moves.length + 1) return;
    list.replaceChildren();
    const item = (p, text) => {
      const li = el("li");
      if (p > 0) li.value = p;
      const a = el("a", "", text);
      a.href = path(p);
      a.dataset.ply = String(p);
      li.appendChild(a);
      list.appendChild(li);
    };
    item(0, v.words.start);
    v.moves.forEach((m, i) => item(i + 1, m));
  }

  function show(v) {
    // A move that arrived is said to screen readers (the note says what to do, this what
    // happened).
    if (view && v.plies > view.plies && v.ply === v.plies && v.moves.length > 0) {
      const said = document.getElementById("said");
      if (said) {
        said.textContent = v.words.played
          .replace("{ply}", String(v.plies))
          .replace("{move}", v.moves[v.plies - 1]);
      }
    }
    view = v;
    ply = v.ply;
    plies = v.plies;
    target = ply;
    body.dataset.ply = String(ply);
    body.dataset.plies = String(plies);
    document.getElementById("status").textContent = v.status;
    document.getElementById("detail").textContent = v.detail;
    document.getElementById("clock").textContent = v.clock || "";
    document.getElementById("position").textContent = v.position;
    const board = document.getElementById("board");
    if (board.getAttribute("src") !== v.board) board.src = v.board;
    board.alt = v.board_alt;
    board.width = v.layout.width;
    board.height = v.layout.height;
    // The board fills the phone's width, and on a desktop the window's height.
    document.getElementById("figure").style.maxWidth = `calc(78vh * ${v.layout.width / v.layout.height})`;
    turned = v.turned;
    const turn = document.getElementById("turn");
    if (turn) turn.href = `${page}?ply=${v.ply}&lang=${lang}&turned=${turned ? 0 : 1}` + discord;
    drawSeats(v);
    listMoves(v);
    document.querySelectorAll("#moves a").forEach((a) => {
      if (Number(a.dataset.ply) === ply) {
        a.setAttribute("aria-current", "step");
        a.scrollIntoView({ block: "nearest" });
      } else {
        a.removeAttribute("aria-current");
      }
    });
    const targets = { first: 0, back: Math.max(ply - 1, 0), forward: Math.min(ply + 1, plies), last: plies };
    const enabled = { first: ply > 0, back: ply > 0, forward: ply < plies, last: ply < plies };
    document.querySelectorAll("[data-step]").forEach((step) => {
      const key = step.dataset.step;
      step.classList.toggle("off", !enabled[key]);
      if (enabled[key]) {
        step.removeAttribute("aria-disabled");
        step.removeAttribute("tabindex");
      } else {
        step.setAttribute("aria-disabled", "true");
        step.setAttribute("tabindex", "-1");
      }
      step.setAttribute("href", path(targets[key]));
    });
    history.replaceState(null, "", path(ply));
    taps = [];
    drawPlay();
    showAnalysis(v);
    showPuzzle(v);
  }

  // A puzzle page's own section: what the move just made came to (said once, and kept
  // while the reader steps through the line), the puzzle rating, and, once it is over,
  // the Next puzzle form.
  function showPuzzle(v) {
    if (!puzzle || !v.puzzle) return;
    puzzle.dataset.state = v.puzzle.state;
    if (v.puzzle.said) setBold(document.getElementById("puzzle-said"), v.puzzle.said);
    document.getElementById("puzzle-rating").textContent = v.puzzle.rating;
    const next = document.getElementById("puzzle-next");
    const over = v.puzzle.state !== "open";
    if (next.hidden === over) {
      next.hidden = !over;
      if (over) next.querySelector("button").focus();
    }
  }

  // Text with Discord's `**bold**` (as the analysis words come) set into `node`, the bold
  // parts as <strong>, every part as text.
  function setBold(node, text) {
    node.replaceChildren();
    String(text || "").split("**").forEach((part, i) => {
      if (part) node.appendChild(i % 2 ? el("strong", "", part) : document.createTextNode(part));
    });
  }

  // A finished game's analysis. The section is the server's, read afresh from the page
  // when the analysis changes state (offered, under way, ready); this moves the chart's
  // cursor to the ply shown and says the mistake played from it (drawPlay draws its
  // better move). While it is under way the view is read again now and then.
  let analysisPoll = 0;
  let analysisSwap = 0;
  async function showAnalysis(v) {
    const state = v.analysis ? v.analysis.state : "";
    const section = document.getElementById("analysis");
    if ((section ? section.dataset.state : "") !== state) {
      const mineNow = ++analysisSwap;
      try {
        const page = await readPage(path(v.ply), auth);
        if (!page || mineNow !== analysisSwap) return;
        const fresh = page.getElementById("analysis");
        const old = document.getElementById("analysis");
        if (old && fresh) old.replaceWith(document.adoptNode(fresh));
        else if (old) old.remove();
        else if (fresh) document.getElementById("position").after(document.adoptNode(fresh));
      } catch (_) {
        // The next view tries again.
      }
    }
    const chart = document.getElementById("chart");
    const cursor = document.getElementById("chart-cursor");
    if (chart && cursor && v.plies > 0) {
      const x = ((view.ply * chart.viewBox.baseVal.width) / view.plies).toFixed(1);
      cursor.setAttribute("x1", x);
      cursor.setAttribute("x2", x);
    }
    const here = document.getElementById("analysis-here");
    if (here) setBold(here, view.analysis && view.analysis.here ? view.analysis.here.text : "");
    document.querySelectorAll("#analysis .mistakes a").forEach((a) => {
      if (Number(a.dataset.ply) === view.ply) a.setAttribute("aria-current", "step");
      else a.removeAttribute("aria-current");
    });
    clearTimeout(analysisPoll);
    if (state === "running") analysisPoll = setTimeout(() => refresh(false), 4000);
  }

  // The better move of the position shown, where the analysis found a mistake played from
  // it: an arrow through the places its notation names.
  function drawArrow(svg) {
    const here = view.analysis && view.analysis.here;
    if (!here) return;
    const places = here.best.split(/[^A-Za-z0-9]+/)
      .map((name) => view.layout.spots.find((s) => s.name === name))
      .filter(Boolean)
      .map((s) => [s.x + s.w / 2, s.y + s.h / 2]);
    if (places.length < 2) return;
    const [x1, y1] = places[places.length - 2];
    const [x2, y2] = places[places.length - 1];
    const angle = Math.atan2(y2 - y1, x2 - x1);
    const size = Math.min(view.layout.width, view.layout.height) / 12;
    // The line stops at the head's base, so the head's point is sharp.
    const shaft = places.slice(0, -1).concat([[x2 - size * 0.8 * Math.cos(angle), y2 - size * 0.8 * Math.sin(angle)]]);
    const line = document.createElementNS(svgNs, "polyline");
    line.setAttribute("class", "arrow");
    line.setAttribute("stroke-width", String(size / 3));
    line.setAttribute("points", shaft.map((p) => p.join(",")).join(" "));
    svg.appendChild(line);
    const corner = (turn) => [x2 - size * Math.cos(angle + turn), y2 - size * Math.sin(angle + turn)];
    const head = document.createElementNS(svgNs, "polygon");
    head.setAttribute("class", "arrow-head");
    head.setAttribute("points", [[x2, y2], corner(0.5), corner(-0.5)].map((p) => p.join(",")).join(" "));
    svg.appendChild(head);
  }

  // The players above and below the board: a disc in their colour, name and side, the
  // facts of their seat, and a Gygès hand as pictures of its pieces (tapped to place one).
  function drawSeats(v) {
    const above = document.getElementById("above");
    const below = document.getElementById("below");
    if (!above || !below) return;
    above.replaceChildren();
    below.replaceChildren();
    v.seats.forEach((seat, index) => {
      const row = el("div", "seat");
      row.dataset.seat = String(index);
      row.classList.toggle("turn", v.to_move === index);
      row.classList.toggle("you", v.you === index);
      const disc = document.createElementNS(svgNs, "svg");
      disc.setAttribute("class", "disc");
      disc.setAttribute("viewBox", "0 0 20 20");
      disc.setAttribute("aria-hidden", "true");
      const circle = document.createElementNS(svgNs, "circle");
      for (const [key, value] of [["cx", 10], ["cy", 10], ["r", 8], ["fill", seat.face], ["stroke", seat.rim], ["stroke-width", 2.5]]) {
        circle.setAttribute(key, String(value));
      }
      disc.appendChild(circle);
      row.appendChild(disc);
      const who = el("span", "who");
      who.appendChild(el("bdi", "name", seat.name));
      who.appendChild(document.createTextNode(" "));
      who.appendChild(el("span", "side", seat.side));
      row.appendChild(who);
      row.appendChild(el("span", "words", seat.words));
      const hand = el("span", "hand");
      for (const size of seat.hand) {
        const button = el("button", "hand");
        button.type = "button";
        button.dataset.tap = `hand-${size}`;
        button.disabled = true;
        const picture = el("img");
        picture.src = `/assets/gyges/${size}.svg`;
        picture.alt = String(size);
        picture.width = 32;
        picture.height = 32;
        button.appendChild(picture);
        hand.appendChild(button);
      }
      row.appendChild(hand);
      (index === v.bottom ? below : above).appendChild(row);
    });
  }

  // What the next tap does, when every move still fitting the taps made says the same.
  function hint(fits) {
    const hints = new Map(view.words.hints);
    const said = new Set(fits.filter((c) => c.taps.length > taps.length)
      .map((c) => (hints.get(c.kind) || [])[taps.length - 1] || ""));
    return said.size === 1 ? [...said][0] : "";
  }

  // Whether the reader may move now.
  const mine = () => view && view.you !== null && view.you !== undefined && view.you === view.to_move
    && view.ply === view.plies && view.choices.length > 0;

  const startsWith = (all, part) => part.every((t, i) => all[i] === t);

  // The overlay of tap targets and the buttons, as a function of `view` and `taps`.
  function drawPlay() {
    // A player at the keyboard keeps their place on the board across the redraw: on the
    // place they chose, else the first place the next key press may choose.
    const active = document.activeElement;
    const onBoard = active && active.closest && active.closest("rect.spot") ? active.dataset.name : null;
    drawBoard();
    if (onBoard !== null) {
      const again = document.querySelector(`#spots rect.spot.dest[tabindex='0']`)
        || document.querySelector(`#spots rect.spot[tabindex='0'][data-name="${CSS.escape(onBoard)}"]`)
        || document.querySelector("#spots rect.spot[tabindex='0']");
      if (again) again.focus();
    }
  }

  function drawBoard() {
    const figure = document.getElementById("figure");
    let svg = document.getElementById("spots");
    if (!svg) {
      svg = document.createElementNS(svgNs, "svg");
      svg.id = "spots";
      svg.setAttribute("class", "spots");
      svg.setAttribute("preserveAspectRatio", "none");
      figure.appendChild(svg);
    }
    svg.setAttribute("viewBox", `0 0 ${view.layout.width} ${view.layout.height}`);
    svg.replaceChildren();
    drawArrow(svg);
    const buttons = document.getElementById("buttons");
    buttons.replaceChildren();
    // The note says what the reader may do now; a game over (or a past ply shown) asks
    // nothing, so an older note ("Waiting…") must not stay.
    if (view.link_note) say(view.link_note);
    else if (view.you !== null && view.you !== undefined && view.ply === view.plies && view.choices.length > 0) {
      say(mine() ? view.words.your_turn : view.words.wait);
    } else say("");
    // The tab says whose move it is, so a player with many tabs sees which game waits.
    document.title = mine() ? `${view.words.tab_your_move} · ${view.title}` : view.title;
    const icon = document.getElementById("icon");
    if (icon) icon.href = mine() ? "/assets/icon-your-move.svg" : "/assets/icon.svg";
    // The move may also be typed, in the notation `/move` takes (and read by its parser).
    const typed = document.getElementById("typed");
    if (typed) typed.hidden = !mine();
    if (!mine()) {
      figure.classList.remove("playing");
      answerButtons(buttons);
      return;
    }
    figure.classList.add("playing");
    const fits = view.choices.filter((c) => c.taps.length > 0 && startsWith(c.taps, taps));
    const next = new Set(fits.filter((c) => c.taps.length > taps.length).map((c) => c.taps[taps.length]));
    const chosen = new Set(taps);
    // The mover's hand: its pieces are tapped like places on the board.
    const mover = document.querySelector(`.seat[data-seat="${view.to_move}"]`);
    if (mover) {
      mover.querySelectorAll("button.hand").forEach((button) => {
        const name = button.dataset.tap;
        button.disabled = !next.has(name) && !chosen.has(name);
        button.classList.toggle("sel", chosen.has(name));
        button.classList.toggle("lit", next.has(name));
      });
    }
    if (taps.length) {
      const said = hint(fits);
      if (said) say(said);
    }
    for (const spot of view.layout.spots) {
      const kind = chosen.has(spot.name) ? "sel" : next.has(spot.name) ? (taps.length ? "dest" : "from") : "";
      const rect = document.createElementNS(svgNs, "rect");
      rect.setAttribute("x", spot.x);
      rect.setAttribute("y", spot.y);
      rect.setAttribute("width", spot.w);
      rect.setAttribute("height", spot.h);
      rect.setAttribute("rx", Math.min(spot.w, spot.h) / 2);
      rect.setAttribute("class", `spot ${kind}`);
      rect.dataset.name = spot.name;
      if (kind) {
        rect.setAttribute("role", "button");
        rect.setAttribute("tabindex", "0");
        rect.setAttribute("aria-label", spot.name);
        if (kind === "sel") rect.setAttribute("aria-pressed", "true");
      }
      svg.appendChild(rect);
    }
    // Moves chosen by a button: those without taps, and those whose taps are all made
    // when several share them (which size of Gygès piece to place).
    const done = fits.filter((c) => c.taps.length === taps.length && taps.length > 0);
    const pressable = taps.length ? done : view.choices.filter((c) => c.taps.length === 0);
    if (taps.length && done.length > 1) say(view.words.which);
    for (const choice of pressable) {
      const button = el("button", "choice", choice.label);
      button.type = "button";
      button.addEventListener("click", () => send(choice.text, false));
      buttons.appendChild(button);
    }
    answerButtons(buttons);
  }

  // The game's answers (resign, draw, takeback) for a player of a game that goes on.
  function answerButtons(buttons) {
    if (!view || view.you === null || view.you === undefined || view.to_move === null) return;
    if (view.ply !== view.plies) return;
    // Declining is offered only while another seat's proposal waits.
    const proposed = (kind) => Boolean(view.pending) && view.pending[0] === kind && view.pending[1] !== view.you;
    const offered = { "draw-decline": proposed("draw"), "takeback-decline": proposed("takeback") };
    for (const [name, label] of view.words.answers) {
      if (offered[name] === false) continue;
      const button = el("button", `answer ${name}`, label);
      button.type = "button";
      button.addEventListener("click", () => {
        if (name === "resign" && !window.confirm(view.words.resign_sure)) return;
        send(name, true);
      });
      buttons.appendChild(button);
    }
  }

  function tap(name) {
    if (!mine() || sending) return;
    const fitsWith = (seq) => view.choices.filter((c) => c.taps.length > 0 && startsWith(c.taps, seq));
    let seq = taps.concat([name]);
    let fits = fitsWith(seq);
    if (fits.length === 0) {
      // Not a next tap: a fresh start from this place, or nothing.
      seq = [name];
      fits = fitsWith(seq);
      if (fits.length === 0 || taps[0] === name) {
        taps = [];
        drawPlay();
        return;
      }
    }
    taps = seq;
    const whole = fits.filter((c) => c.taps.length === seq.length);
    if (whole.length === 1 && fits.length === 1) {
      send(whole[0].text, false);
      return;
    }
    drawPlay();
  }

  // Sends a move or an answer; the view that comes back is the game's latest position, or
  // with `stay` the one shown (asking for the analysis moves nobody's board).
  async function send(what, answer, stay) {
    if (sending) return;
    sending = true;
    say("…");
    try {
      const at = stay ? `&ply=${ply}&turned=${turned ? 1 : 0}` : "";
      const answered = await fetch(`/api${page}/act?lang=${lang}${at}`, {
        method: "POST",
        headers: Object.assign({ "Content-Type": "application/json" }, auth),
        body: JSON.stringify({ what, answer, plies: view.plies }),
      });
      const reply = await answered.json();
      if (!answered.ok) {
        // Drawn first, then the refusal said: drawing says whose turn it is.
        taps = [];
        if (answered.status === 409) await refresh(true);
        else drawPlay();
        say(reply.error || String(answered.status));
        return;
      }
      show(reply);
    } catch (_) {
      // No answer (the connection dropped): the move may or may not have landed. The game
      // is read again; if it did not move on, the player is told theirs was not played.
      const before = view.plies;
      taps = [];
      await refresh(true);
      drawPlay();
      if (view.plies === before) say(view.words.offline);
    } finally {
      sending = false;
    }
  }

  async function fetchView(p) {
    const answer = await fetch(`/api${page}?${query(p)}`, { headers: auth });
    if (!answer.ok) throw new Error(String(answer.status));
    return answer.json();
  }

  async function go(to) {
    if (to < 0 || to > plies || to === target) return;
    target = to;
    const mineNow = ++asked;
    try {
      const v = await fetchView(to);
      if (mineNow === asked) show(v);
    } catch (_) {
      // The link still works: let the browser load the page itself.
      if (mineNow === asked) window.location.assign(path(to));
    }
  }

  // The game was written somewhere: a reader at its latest ply follows it; one looking
  // back keeps their ply and sees the list grow.
  async function refresh(toEnd) {
    const follow = toEnd || ply === plies;
    const mineNow = ++asked;
    try {
      const v = await fetchView(follow ? "" : ply);
      if (mineNow === asked) {
        const note = document.getElementById("note").textContent;
        show(v);
        if (toEnd) say(note);
      }
    } catch (_) {
      // The next write tries again.
    }
  }

  document.addEventListener("click", (event) => {
    const spot = event.target.closest && event.target.closest("rect.spot, button.hand");
    if (spot) {
      event.preventDefault();
      tap(spot.dataset.name || spot.dataset.tap);
      return;
    }
    if (event.target.closest("#analysis-ask")) {
      event.preventDefault();
      send("analyse", true, true);
      return;
    }
    const turn = event.target.closest("a#turn");
    if (turn && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
      event.preventDefault();
      turned = !turned;
      target = -1;
      go(ply);
      return;
    }
    const link = event.target.closest("a[data-ply], a[data-step]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    if (link.classList.contains("off")) return;
    const to = link.dataset.ply !== undefined
      ? Number(link.dataset.ply)
      : Number(new URL(link.href).searchParams.get("ply"));
    go(to);
  });

  const typedForm = document.getElementById("typed");
  if (typedForm) {
    typedForm.addEventListener("submit", async (event) => {
      event.preventDefault();
      const input = document.getElementById("typed-move");
      const text = input.value.trim();
      if (!text || !mine()) return;
      const before = view.plies;
      await send(text, false);
      if (view.plies > before) input.value = "";
    });
  }

  // A piece dragged to where it goes: the same two taps. A press and release on one place
  // is a click, handled above.
  let pressed = null;
  document.addEventListener("pointerdown", (event) => {
    const spot = event.target.closest && event.target.closest("rect.spot");
    pressed = spot && mine() ? spot.dataset.name : null;
  });
  document.addEventListener("pointerup", (event) => {
    const from = pressed;
    pressed = null;
    if (!from) return;
    const under = document.elementFromPoint(event.clientX, event.clientY);
    const spot = under && under.closest && under.closest("rect.spot");
    if (!spot || spot.dataset.name === from) return;
    if (taps[0] !== from) {
      taps = [];
      tap(from);
    }
    tap(spot.dataset.name);
  });

  // From a lit place, an arrow key goes to the nearest lit place that way (on the board as
  // drawn, turned or not), so the board is played from the keyboard without tabbing through
  // every place; elsewhere the arrow keys step through the game.
  const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  function nearest(from, [dx, dy]) {
    const centre = (r) => [Number(r.getAttribute("x")) + Number(r.getAttribute("width")) / 2,
      Number(r.getAttribute("y")) + Number(r.getAttribute("height")) / 2];
    const [fx, fy] = centre(from);
    let best = null;
    let bestCost = Infinity;
    for (const other of document.querySelectorAll("#spots rect.spot[tabindex='0']")) {
      if (other === from) continue;
      const [x, y] = centre(other);
      const along = (x - fx) * dx + (y - fy) * dy;
      if (along <= 0) continue;
      const across = Math.abs((x - fx) * dy - (y - fy) * dx);
      const cost = along + 2 * across;
      if (cost < bestCost) {
        bestCost = cost;
        best = other;
      }
    }
    return best;
  }

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const spot = event.target.closest && event.target.closest("rect.spot");
    if (spot && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      tap(spot.dataset.name);
      return;
    }
    if (spot && arrows[event.key]) {
      event.preventDefault();
      const next = nearest(spot, arrows[event.key]);
      if (next) next.focus();
      return;
    }
    const to = { ArrowLeft: target - 1, ArrowRight: target + 1, Home: 0, End: plies }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  });

  // The live channel (see shared.js): it opens with the game's plies; a page that opens it
  // again, or whose plies differ, reads the game afresh, so moves made while it was down
  // are caught up.
  if (body.dataset.live) {
    follow(body.dataset.live, (told) => {
      if (told.event === "written" || told.again || told.plies !== plies) refresh(false);
    });
  }
  refresh(false);
})();

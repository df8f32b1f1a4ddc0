// Steps through a game in place: the page works without this script (every step is a
// link); with it, a step fetches the ply's view as JSON and changes only what differs.
// Texts are set with textContent, never as HTML: names come from players.
"use strict";
(function () {
  const body = document.body;
  const id = body.dataset.id;
  if (!id) return;
  const lang = body.dataset.lang;
  let ply = Number(body.dataset.ply);
  let plies = Number(body.dataset.plies);
  let asked = 0;
  // The ply last asked for: keys pressed quickly step from it, not from the ply shown.
  let target = ply;

  const path = (p) => `/games/${id}?ply=${p}&lang=${lang}`;

  function show(view) {
    ply = view.ply;
    plies = view.plies;
    body.dataset.ply = String(ply);
    document.getElementById("status").textContent = view.status;
    document.getElementById("detail").textContent = view.detail;
    document.getElementById("position").textContent = view.position;
    const board = document.getElementById("board");
    board.src = view.board;
    board.alt = view.board_alt;
    document.querySelectorAll(".players li").forEach((li, seat) => {
      li.classList.toggle("turn", view.to_move === seat);
    });
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
  }

  async function go(to) {
    if (to < 0 || to > plies || to === target) return;
    target = to;
    const mine = ++asked;
    try {
      const answer = await fetch(`/api/games/${id}?ply=${to}&lang=${lang}`);
      if (!answer.ok) throw new Error(String(answer.status));
      const view = await answer.json();
      if (mine === asked) show(view);
    } catch (_) {
      // The link still works: let the browser load the page itself.
      if (mine === asked) window.location.assign(path(to));
    }
  }

  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-ply], a[data-step]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    if (link.classList.contains("off")) return;
    const to = link.dataset.ply !== undefined
      ? Number(link.dataset.ply)
      : Number(new URL(link.href).searchParams.get("ply"));
    go(to);
  });

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const to = { ArrowLeft: target - 1, ArrowRight: target + 1, Home: 0, End: plies }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  });
})();

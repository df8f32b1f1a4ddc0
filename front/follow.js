// The script of the pages that are not a game (a tournament's; bundled with shared.js by
// esbuild into src/web/assets/follow.js): it follows the page live. The page names its
// live channel (data-events, a WebSocket: an event stream would hold one of the browser's
// six connections to the site for the page's whole life); each time what it shows was
// written, the page is read again and its <main> replaced by the new one. The server
// writes every word (escaped), so nothing is drawn here and the page reads the same without
// this script, a reload away. A page left (and perhaps kept for the Back button) closes
// its channel, and opens it again when shown, reading itself afresh then.
(function () {
  "use strict";
  const events = document.body.dataset.events;
  if (!events || !window.WebSocket) return;
  const live = { socket: null, again: null, wait: 500, opened: false };
  const lost = (down) => {
    const note = document.getElementById("live");
    if (note) note.hidden = !down;
  };

  async function reread() {
    try {
      const answer = await fetch(window.location.href, { headers: { Accept: "text/html" } });
      if (!answer.ok) return;
      const page = new DOMParser().parseFromString(await answer.text(), "text/html");
      const fresh = page.querySelector("main");
      const main = document.querySelector("main");
      if (fresh && main) main.replaceWith(document.adoptNode(fresh));
      if (page.title) document.title = page.title;
    } catch (_) {
      // The next write tries again.
    }
  }

  function connect() {
    if (live.socket) return;
    clearTimeout(live.again);
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${window.location.host}${events}`);
    live.socket = socket;
    socket.addEventListener("message", (message) => {
      let told = null;
      try {
        told = JSON.parse(message.data);
      } catch (_) {
        return;
      }
      if (told.event === "open") {
        lost(false);
        live.wait = 500;
        if (live.opened) reread();
        live.opened = true;
      } else if (told.event === "written") {
        reread();
      }
    });
    socket.addEventListener("close", () => {
      if (live.socket !== socket) return;
      live.socket = null;
      lost(true);
      live.again = setTimeout(connect, live.wait);
      live.wait = Math.min(live.wait * 2, 10000);
    });
  }
  function disconnect() {
    clearTimeout(live.again);
    const socket = live.socket;
    live.socket = null;
    if (socket) socket.close();
    live.opened = true;
  }
  window.addEventListener("pagehide", disconnect);
  window.addEventListener("pageshow", connect);
  connect();
})();

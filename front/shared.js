// What the game page's script (board.js) and the Activity's (activity.js) share. Each is
// bundled with it by esbuild (see package.json), so nothing here is fetched on its own.

// The query parameters Discord opens the Activity with. They are carried over to every
// address a page inside the Activity goes to, so that its SDK can find its frame again (a
// reload, a step through a game). The first five are always there; the rest only sometimes
// (mobile_app_version decides what the handshake sends on mobile).
export const DISCORD_PARAMS = [
  "frame_id",
  "instance_id",
  "platform",
  "guild_id",
  "channel_id",
  "location_id",
  "custom_id",
  "referrer_id",
  "mobile_app_version",
];

// A new element: its tag, its class (none when empty) and its text, set as textContent,
// never as HTML (names come from players).
export function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

// Says `text` in the page's #note (nothing when it is empty).
export function say(text) {
  const note = document.getElementById("note");
  if (note) note.textContent = text || "";
}

// A page's live channel: a WebSocket (an event stream would hold one of the browser's six
// connections to the site for as long as the page lives, and the seventh tab would wait
// forever). `heard(told)` is called for every write told, and for every opening, which
// carries `again: true` after the first: what was written while the channel was down was
// not heard, so a page reads itself afresh then (a game page also when its plies differ
// from the opening's). While it is down, #live says so and it tries again, waiting longer
// each time. A page left (and perhaps kept for the Back button) closes it, and opens it
// again when shown.
export function follow(path, heard) {
  if (!window.WebSocket) return;
  const live = { socket: null, again: null, wait: 500, opened: false };
  const lost = (down) => {
    const note = document.getElementById("live");
    if (note) note.hidden = !down;
  };
  const connect = () => {
    if (live.socket) return;
    clearTimeout(live.again);
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${window.location.host}${path}`);
    live.socket = socket;
    socket.addEventListener("message", (message) => {
      let told = null;
      try {
        told = JSON.parse(message.data);
      } catch (_) {
        return;
      }
      if (told && told.event === "open") {
        lost(false);
        live.wait = 500;
        told.again = live.opened;
        live.opened = true;
        heard(told);
      } else if (told && told.event === "written") {
        heard(told);
      }
    });
    socket.addEventListener("close", () => {
      // Closed on purpose (the page left): nothing to say.
      if (live.socket !== socket) return;
      live.socket = null;
      lost(true);
      live.again = setTimeout(connect, live.wait);
      live.wait = Math.min(live.wait * 2, 10000);
    });
  };
  window.addEventListener("pagehide", () => {
    clearTimeout(live.again);
    const socket = live.socket;
    live.socket = null;
    if (socket) socket.close();
    // What is written until it opens again is read then.
    live.opened = true;
  });
  window.addEventListener("pageshow", connect);
  connect();
}

// The page at `url` read afresh as a document (its scripts not run), or null when it does
// not answer: what a page swaps a part of itself from (a game's analysis section, a
// tournament's whole <main>), so the server stays the one that writes every word.
export async function readPage(url, headers) {
  const answer = await fetch(url, { headers: Object.assign({ Accept: "text/html" }, headers) });
  if (!answer.ok) return null;
  return new DOMParser().parseFromString(await answer.text(), "text/html");
}

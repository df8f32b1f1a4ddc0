// The Discord Activity's script (bundled with shared.js by esbuild into
// src/web/assets/activity.js).
//
// On GET /activity (the page has #activity): talks to Discord through the Embedded App SDK
// (handshake, AUTHORIZE, our /api/token, AUTHENTICATE), then lists the channel's games with a
// link to each, the challenges waiting there (accept, withdraw...) and a way to start a new
// game (against anyone in the channel or the computer). The list follows the channel live
// (a WebSocket, /api/activity/events). On a game page opened from that list (no #activity, but Discord's frame_id in
// the query), it only does the SDK handshake so Discord keeps the Activity connected.
//
// Texts are set with textContent, never as HTML: names come from players. Nothing here may
// throw out of the script: every failure ends as words in #note.
import { DiscordSDK } from "@discord/embedded-app-sdk";

import { DISCORD_PARAMS, el, follow, say } from "./shared.js";

const DEFAULT_WORDS = {
  loading: "Loading…",
  failed: "Something went wrong.",
  none: "No games in this channel.",
  play: "Play",
  watch: "Watch",
  your_turn: "Your turn",
  games: "Games",
  challenges: "Waiting for an opponent",
  new_game: "New game",
  anyone: "Against anyone here",
  computer: "Against the computer",
  puzzles: "Puzzles",
  puzzles_open: "Solve puzzles",
};

function readWords() {
  const words = Object.assign({}, DEFAULT_WORDS);
  const node = document.getElementById("words");
  if (!node) return words;
  try {
    const given = JSON.parse(node.textContent || "{}");
    for (const key of Object.keys(DEFAULT_WORDS)) {
      if (typeof given[key] === "string") words[key] = given[key];
    }
  } catch (_) {
    // Keep the defaults.
  }
  return words;
}

// An error's words: Errors have a message; the SDK rejects a command with its payload
// ({code, message}); anything else is shown as a string.
function reason(err) {
  if (err && typeof err.message === "string" && err.message) return err.message;
  if (err && typeof err === "object" && err.code !== undefined) return `code ${err.code}`;
  return String(err);
}

// The game's URL with Discord's query parameters added, or null when it is not a plain
// http(s) URL on this origin.
function gameHref(url, search) {
  let target;
  try {
    target = new URL(String(url), window.location.href);
  } catch (_) {
    return null;
  }
  if (target.origin !== window.location.origin) return null;
  for (const key of DISCORD_PARAMS) {
    const value = search.get(key);
    if (value !== null) target.searchParams.set(key, value);
  }
  return target.pathname + target.search + target.hash;
}

async function readJson(response) {
  try {
    return await response.json();
  } catch (_) {
    return null;
  }
}

// A failed answer from our own server: its `error` words when it sent some.
class ServerError extends Error {
  constructor(words, status) {
    super(words || `HTTP ${status}`);
    this.fromServer = Boolean(words);
  }
}

async function api(path, init) {
  const response = await fetch(path, Object.assign({ credentials: "same-origin" }, init));
  const body = await readJson(response);
  if (!response.ok) {
    const words = body && typeof body.error === "string" ? body.error : "";
    throw new ServerError(words, response.status);
  }
  if (body === null || typeof body !== "object") throw new Error(`bad answer from ${path}`);
  return body;
}

// The list: the challenges waiting (with what the player may answer), the games, and the
// buttons that start a new one. `act(deed)` sends what a button does.
function showList(root, list, words, search, act) {
  root.textContent = "";
  const challenges = Array.isArray(list.challenges) ? list.challenges : [];
  if (challenges.length) {
    const section = el("section", "challenges");
    section.appendChild(el("h2", "", words.challenges));
    const items = el("ul", "games");
    for (const challenge of challenges) {
      const item = el("li", "game challenge");
      item.dataset.game = String(challenge.id);
      const text = el("div", "text");
      text.appendChild(el("div", "title", String(challenge.title ?? "")));
      item.appendChild(text);
      for (const answer of Array.isArray(challenge.answers) ? challenge.answers : []) {
        const [what, label] = Array.isArray(answer) ? answer : [];
        const button = el("button", `answer ${String(what)}`, String(label ?? what));
        button.type = "button";
        button.dataset.what = String(what);
        button.addEventListener("click", () => act({ what: String(what), game: challenge.id }));
        item.appendChild(button);
      }
      items.appendChild(item);
    }
    section.appendChild(items);
    root.appendChild(section);
  }
  const games = Array.isArray(list.games) ? list.games : [];
  const section = el("section", "listed");
  section.appendChild(el("h2", "", words.games));
  if (games.length) section.appendChild(gameList(games, words, search));
  else section.appendChild(el("p", "none", words.none));
  root.appendChild(section);
  // The player's puzzle page, in the same frame as a game's.
  const puzzles = typeof list.puzzles === "string" ? gameHref(list.puzzles, search) : null;
  if (puzzles) {
    const solve = el("section", "puzzles");
    solve.appendChild(el("h2", "", words.puzzles));
    const open = el("a", "open", words.puzzles_open);
    open.href = puzzles;
    solve.appendChild(open);
    root.appendChild(solve);
  }
  const kinds = Array.isArray(list.kinds) ? list.kinds : [];
  if (kinds.length) {
    const start = el("section", "new-game");
    start.appendChild(el("h2", "", words.new_game));
    for (const [computer, label] of [
      [false, words.anyone],
      [true, words.computer],
    ]) {
      start.appendChild(el("p", "against", label));
      const buttons = el("div", "buttons");
      for (const kind of kinds) {
        const [name, title] = Array.isArray(kind) ? kind : [];
        const button = el("button", "new", String(title ?? name));
        button.type = "button";
        button.dataset.kind = String(name);
        button.dataset.computer = String(computer);
        button.addEventListener("click", () => act({ what: "challenge", kind: String(name), computer }));
        buttons.appendChild(button);
      }
      start.appendChild(buttons);
    }
    root.appendChild(start);
  }
}

function gameList(games, words, search) {
  // Games where it is the player's turn come first; otherwise the server's order stays.
  const ordered = games
    .map((game, index) => ({ game, index }))
    .sort((a, b) => (b.game.your_turn ? 1 : 0) - (a.game.your_turn ? 1 : 0) || a.index - b.index)
    .map((entry) => entry.game);
  const list = el("ul", "games");
  for (const game of ordered) {
    const item = el("li", "game");
    if (game.yours) item.classList.add("yours");
    if (game.your_turn) item.classList.add("your-turn");
    const text = el("div", "text");
    text.appendChild(el("div", "title", String(game.title ?? "")));
    text.appendChild(el("div", "status", String(game.status ?? "")));
    item.appendChild(text);
    if (game.your_turn) item.appendChild(el("span", "turn", words.your_turn));
    const href = gameHref(game.url, search);
    if (href) {
      const link = el("a", "open", game.yours ? words.play : words.watch);
      link.href = href;
      // No referrer: the game page's SDK sends to `document.referrer`'s origin, and after a
      // navigation inside the frame that would be our own origin, not Discord's.
      link.rel = "noreferrer";
      link.referrerPolicy = "no-referrer";
      item.appendChild(link);
    }
    list.appendChild(item);
  }
  return list;
}

async function runActivity(root, words) {
  const body = document.body;
  const search = new URLSearchParams(window.location.search);
  const clientId = body.dataset.clientId || "";
  const lang = body.dataset.lang || "en";
  if (!search.get("frame_id") || !clientId) {
    // Opened in a plain browser, not inside Discord.
    say(words.failed);
    return;
  }
  say(words.loading);
  const sdk = new DiscordSDK(clientId);
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const token = await api("/api/token", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code }),
  });
  if (typeof token.access_token !== "string" || typeof token.session !== "string") {
    throw new Error("bad answer from /api/token");
  }
  await sdk.commands.authenticate({ access_token: token.access_token });
  // The server's games: the channel's, and the player's own in the server's other channels
  // and threads (a game with its own thread is played there).
  const channel = sdk.channelId || "";
  const guild = sdk.guildId || "";
  const place = `channel=${encodeURIComponent(channel)}&guild=${encodeURIComponent(guild)}`;
  const auth = { Authorization: `Bearer ${token.session}` };
  let busy = false;
  // What a button does: sent with the instance, so the server asks Discord where it runs.
  const act = async (deed) => {
    if (busy) return;
    busy = true;
    try {
      const list = await api(
        `/api/activity/act?instance=${encodeURIComponent(sdk.instanceId || "")}` +
          `&lang=${encodeURIComponent(lang)}`,
        {
          method: "POST",
          headers: Object.assign({ "Content-Type": "application/json" }, auth),
          body: JSON.stringify(deed),
        },
      );
      showList(root, list, words, search, act);
      say("");
    } catch (err) {
      say(err instanceof ServerError && err.fromServer ? err.message : `${words.failed} (${reason(err)})`);
    } finally {
      busy = false;
    }
  };
  const refresh = async () => {
    const list = await api(`/api/activity/games?${place}&lang=${encodeURIComponent(lang)}`, {
      headers: auth,
    });
    showList(root, list, words, search, act);
  };
  await refresh();
  say("");
  document.body.dataset.listed = "1";
  // Live: whenever a game of the channel is written, the list is read again (at most one
  // reading at a time; a change during one is read after it).
  if (typeof WebSocket === "function") {
    let reading = null;
    let again = false;
    const reread = () => {
      if (reading) {
        again = true;
        return;
      }
      reading = refresh()
        .catch(() => {})
        .finally(() => {
          reading = null;
          document.body.dataset.listed = String(Number(document.body.dataset.listed || 0) + 1);
          if (again) {
            again = false;
            reread();
          }
        });
    };
    follow(`/api/activity/events?${place}&session=${encodeURIComponent(token.session)}`, (told) => {
      if (told.event === "written" || told.again) reread();
    });
  }
}

// A game page inside Discord: only the handshake, so the Activity stays connected.
async function runGamePage() {
  const search = new URLSearchParams(window.location.search);
  const clientId = document.body.dataset.clientId || "";
  if (!search.get("frame_id") || !clientId) return;
  const sdk = new DiscordSDK(clientId);
  await sdk.ready();
}

function main() {
  try {
    start();
  } catch (_) {
    // Never throw out of the script.
  }
}

function start() {
  const root = document.getElementById("activity");
  if (!root) {
    runGamePage().catch(() => {
      // The game page works without Discord: nothing to show.
    });
    return;
  }
  const words = readWords();
  runActivity(root, words).catch((err) => {
    if (err instanceof ServerError && err.fromServer) say(err.message);
    else say(`${words.failed} (${reason(err)})`);
  });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", main);
else main();

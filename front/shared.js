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

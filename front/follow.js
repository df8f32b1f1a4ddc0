// The script of the pages that are not a game (a tournament's; bundled with shared.js by
// esbuild into src/web/assets/follow.js): it follows the page live. The page names its
// live channel (data-events, a WebSocket: an event stream would hold one of the browser's
// six connections to the site for the page's whole life); each time what it shows was
// written, the page is read again and its <main> replaced by the new one. The server
// writes every word (escaped), so nothing is drawn here and the page reads the same without
// this script, a reload away. A page left (and perhaps kept for the Back button) closes
// its channel, and opens it again when shown, reading itself afresh then.
import { follow, readPage } from "./shared.js";

(function () {
  "use strict";
  const events = document.body.dataset.events;
  if (!events) return;

  async function reread() {
    try {
      const page = await readPage(window.location.href, {});
      if (!page) return;
      const fresh = page.querySelector("main");
      const main = document.querySelector("main");
      if (fresh && main) main.replaceWith(document.adoptNode(fresh));
      if (page.title) document.title = page.title;
    } catch (_) {
      // The next write tries again.
    }
  }

  follow(events, (told) => {
    if (told.event === "written" || told.again) reread();
  });
})();

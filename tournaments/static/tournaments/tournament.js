// A real-time tournament's page takes its player to the table a new round (or an arena)
// seats them at: the live region names that table when the push arrives.
(function () {
  "use strict";
  function table() {
    const live = document.getElementById("tournament-live");
    return live ? live.dataset.myMatch || "" : "";
  }
  let shown = table();
  document.body.addEventListener("htmx:oobAfterSwap", function () {
    const now = table();
    if (now && now !== shown) {
      window.location.assign(now);
    }
    shown = now;
  });
})();

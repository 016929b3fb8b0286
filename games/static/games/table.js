// The live table: websocket pushes (htmx ws extension), an HTTP fallback when the socket is
// down, the "Reconnecting…" banner, and "(1) Your turn" in the title of a background tab.
(function () {
  "use strict";
  const live = document.getElementById("live");
  if (!live) return;
  const banner = document.getElementById("connection");
  const baseTitle = document.title;
  let poller = null;
  let opened = false;

  function currentSeq() {
    const table = document.getElementById("table");
    return table ? Number(table.dataset.seq) : -1;
  }

  function refresh() {
    htmx.ajax("GET", live.dataset.fallbackUrl, { target: "#table", swap: "outerHTML" });
  }

  function startPolling() {
    if (banner) banner.hidden = false;
    if (poller === null) poller = window.setInterval(refresh, 5000);
  }

  function stopPolling() {
    if (banner) banner.hidden = true;
    if (poller !== null) {
      window.clearInterval(poller);
      poller = null;
    }
  }

  function updateTitle() {
    const table = document.getElementById("table");
    const myTurn = table && table.dataset.myTurn === "1";
    document.title = myTurn && document.hidden
      ? "(1) " + live.dataset.yourTurn + " — " + live.dataset.gameName
      : baseTitle;
  }

  document.body.addEventListener("htmx:wsOpen", function () {
    opened = true;
    stopPolling();
  });
  document.body.addEventListener("htmx:wsClose", startPolling);
  document.body.addEventListener("htmx:wsError", startPolling);
  document.body.addEventListener("htmx:wsBeforeMessage", function (event) {
    // An older table than the one shown (a late push) is dropped; a newer one replaces it.
    const match = /data-seq="(\d+)"/.exec(event.detail.message);
    if (match && Number(match[1]) < currentSeq()) event.preventDefault();
  });
  document.body.addEventListener("htmx:afterSettle", updateTitle);
  document.body.addEventListener("htmx:oobAfterSwap", updateTitle);
  document.addEventListener("visibilitychange", updateTitle);
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    const form = document.activeElement && document.activeElement.closest("#table form");
    if (form) form.reset();
  });
  // Without the websocket extension (blocked socket, old browser) the table still follows.
  window.setTimeout(function () {
    if (!opened) startPolling();
  }, 8000);
})();

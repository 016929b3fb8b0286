// The bell's count in the title of a background tab, and a desktop notification when a new
// notice arrives while the tab is hidden (only if the player allowed them on this browser);
// a player at a finished table who is seated at a new real-time one is taken there.
(function () {
  "use strict";
  const baseTitle = document.title;
  let seen = currentCount();

  function currentCount() {
    const bell = document.getElementById("bell");
    return bell ? Number(bell.dataset.unread || 0) : 0;
  }

  function update() {
    const count = currentCount();
    const bell = document.getElementById("bell");
    const onTable = document.getElementById("live") !== null;
    if (!onTable) document.title = document.hidden && count ? "(" + count + ") " + baseTitle : baseTitle;
    if (count > seen && document.hidden && "Notification" in window &&
        Notification.permission === "granted" && bell && bell.dataset.latest) {
      show(bell.dataset.latest, bell.dataset.tag, bell.dataset.link);
    }
    seen = count;
  }

  // A player seated at a real-time table (a live tournament) goes there from a page with nothing
  // left to play (a finished table, a tournament's page): when the seating is heard, when the
  // result shows after it (both pushes may come at once), and when the page is opened after it
  // (reloaded, or come back to). The seat's notice is unread until they reach that table, so a
  // page opened after they did never takes them again.
  function toWaitingTable() {
    const bell = document.getElementById("bell");
    const waiting = bell ? bell.dataset.tableWaiting : "";
    const idle = document.querySelector("#result .result-panel") || document.getElementById("tournament-live");
    if (waiting && idle && waiting !== window.location.pathname) {
      window.location.assign(waiting);
    }
  }

  // Through the service worker when it runs: a push of the same notice to this browser then
  // takes the same place (the tag) instead of showing twice, and a click opens its table.
  function show(text, tag, link) {
    const options = { tag: tag || "deskovky", renotify: true, data: { link: link || "/" } };
    if (navigator.serviceWorker && navigator.serviceWorker.controller) {
      navigator.serviceWorker.ready.then(function (registration) {
        registration.showNotification(text, options);
      });
    } else {
      new Notification(text, options);
    }
  }

  document.body.addEventListener("htmx:oobAfterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "bell") update();
    toWaitingTable();
  });
  toWaitingTable();
  document.addEventListener("visibilitychange", update);
  document.addEventListener("click", function (event) {
    if (!event.target.closest("[data-ask-notifications]") || !("Notification" in window)) return;
    Notification.requestPermission().then(function (answer) {
      const state = document.getElementById("notification-permission");
      if (state) state.textContent = answer;
    });
  });
})();

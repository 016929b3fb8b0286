// A waiting room whose table has started takes its players to the match.
(function () {
  "use strict";
  function follow() {
    const room = document.getElementById("room");
    if (room && room.dataset.redirect && room.dataset.status === "started") {
      window.location.assign(room.dataset.redirect);
    }
  }
  document.body.addEventListener("htmx:oobAfterSwap", follow);
})();

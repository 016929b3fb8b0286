// Arrow keys step through a replay (Home/End jump to the ends), as on every serious game site.
// Every press counts, of a key or of an arrow button: a press made while a step is still on its
// way steps on from the step asked for, not from the one shown, and when that step arrives the
// page goes on to where the presses led.
(function () {
  "use strict";
  const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
  let wanted = null;
  let loading = false;

  function shown() {
    const replay = document.getElementById("replay");
    return replay ? Number(replay.dataset.step) : null;
  }

  function load(to) {
    const url = document.getElementById("replay").dataset.url + "?step=" + to;
    loading = true;
    htmx.ajax("GET", url, { target: "#replay", swap: "outerHTML", push: url }).then(
      function () {
        loading = false;
        if (wanted === null || wanted === shown()) wanted = null;
        else load(wanted);
      },
      function () {
        loading = false;
        wanted = null;
      },
    );
  }

  function step(which) {
    const replay = document.getElementById("replay");
    if (!replay || !replay.dataset.url) return false;
    const total = Number(replay.dataset.total);
    const from = wanted === null ? Number(replay.dataset.step) : wanted;
    const to = {
      first: 0,
      previous: Math.max(0, from - 1),
      next: Math.min(total, from + 1),
      last: total,
    }[which];
    if (to === from) return true;
    wanted = to;
    if (!loading) load(to);
    return true;
  }

  document.addEventListener("keydown", function (event) {
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA")) return;
    const which = keys[event.key];
    if (!which || !document.querySelector('#replay [data-replay="' + which + '"]')) return;
    event.preventDefault();
    step(which);
  });
  // Heard before htmx's own handler on the button, which would step from the step shown.
  document.addEventListener("click", function (event) {
    const link = event.target.closest && event.target.closest("#replay [data-replay]");
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (!step(link.dataset.replay)) return;
    event.preventDefault();
    event.stopPropagation();
  }, true);
  // The slider asks for a step of its own: later presses step on from there.
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    const elt = event.detail.elt;
    if (elt && elt.closest && elt.closest(".replay-controls form")) wanted = null;
  });
  ["htmx:sendError", "htmx:responseError", "htmx:timeout"].forEach(function (name) {
    document.body.addEventListener(name, function () {
      loading = false;
      wanted = null;
    });
  });
})();
// At a step the analysis marked, the cards the strong bot's move names are outlined on the
// board and in the hand (the ghost's data-ghost-marks: `data-card` ids).
(function () {
  "use strict";
  function markGhost() {
    document.querySelectorAll("#replay .ghost-named").forEach(function (el) {
      el.classList.remove("ghost-named");
    });
    const ghost = document.querySelector("#replay [data-ghost-marks]");
    if (!ghost) return;
    ghost.dataset.ghostMarks.split(" ").forEach(function (card) {
      document.querySelectorAll('#replay [data-card="' + card + '"]').forEach(function (el) {
        el.classList.add("ghost-named");
      });
    });
  }
  document.addEventListener("DOMContentLoaded", markGhost);
  document.body.addEventListener("htmx:afterSettle", markGhost);
})();

// Zoom of the dragon layout: kept on <body>, so it survives every push that redraws the board,
// and remembered between visits. The table works without it.
(function () {
  "use strict";
  const LEVELS = 5;
  const saved = Number(window.localStorage.getItem("sd-zoom"));
  let level = saved >= 1 && saved <= LEVELS ? saved : 3;
  document.body.classList.add("js");
  document.body.dataset.sdZoom = String(level);
  document.addEventListener("click", function (event) {
    const button = event.target.closest("[data-sd-zoom-step]");
    if (!button) return;
    level = Math.min(LEVELS, Math.max(1, level + Number(button.dataset.sdZoomStep)));
    document.body.dataset.sdZoom = String(level);
    window.localStorage.setItem("sd-zoom", String(level));
  });
})();

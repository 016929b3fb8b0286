// Arrow keys step through a replay (Home/End jump to the ends), as on every serious game site.
(function () {
  "use strict";
  const keys = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", function (event) {
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA")) return;
    const which = keys[event.key];
    const link = which && document.querySelector('#replay [data-replay="' + which + '"]');
    if (!link) return;
    event.preventDefault();
    link.click();
  });
})();

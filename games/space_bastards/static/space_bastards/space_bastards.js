// Placement by clicking cells: a ghost of the piece follows the pointer (or keyboard focus),
// green where it fits and red where not; R or the Rotate button turns it, a click or Enter
// ticks its cells, Escape or Clear unticks them. Clicking a highlighted space or a creature on
// the map presses its button in the forms. Without this script the same forms work by ticking
// cells and pressing the buttons; the server judges every move anyway.
(function () {
  "use strict";
  const SHAPES = {
    toad: [[[0, 0]]],
    slug: [[[0, 0], [0, 1]], [[0, 0], [1, 0]]],
    cactus: [[[0, 0], [1, 0], [2, 0]], [[0, 0], [0, 1], [0, 2]]],
    toucan: [
      [[0, 0], [0, 1], [0, 2], [1, 1]], [[0, 0], [1, 0], [1, 1], [2, 0]],
      [[0, 1], [1, 0], [1, 1], [1, 2]], [[0, 1], [1, 0], [1, 1], [2, 1]],
    ],
    spud: [[[0, 0], [0, 1], [1, 0], [1, 1]]],
  };
  let turn = 0;

  function race(form) {
    const chosen = form.querySelector("input[data-sb-race]:checked");
    if (chosen) return chosen.dataset.sbRace;
    const combo = form.querySelector("select[data-sb-combo]");
    if (combo) return combo.value.split("|")[2];
    return form.dataset.sbPlace;
  }

  function ghost(form, cell) {
    const shapes = SHAPES[race(form)] || [];
    if (!shapes.length) return [];
    const shape = shapes[turn % shapes.length];
    const [r0, c0] = cell.value.split(",").map(Number);
    return shape.map(([r, c]) => form.querySelector(`input[name="cells"][value="${r0 + r},${c0 + c}"]`));
  }

  function clearGhost(form) {
    form.querySelectorAll(".sb-ghost-ok, .sb-ghost-bad").forEach((el) => el.classList.remove("sb-ghost-ok", "sb-ghost-bad"));
  }

  function show(form, cell) {
    clearGhost(form);
    const cells = ghost(form, cell);
    const fits = cells.length > 0 && cells.every(Boolean);
    cells.forEach((c) => c && c.parentElement.classList.add(fits ? "sb-ghost-ok" : "sb-ghost-bad"));
  }

  function place(form, cell) {
    const cells = ghost(form, cell);
    if (!cells.length || !cells.every(Boolean)) return false;
    if (form.dataset.sbMulti !== "1") {
      form.querySelectorAll('input[name="cells"]').forEach((c) => { c.checked = false; });
    }
    cells.forEach((c) => { c.checked = true; });
    return true;
  }

  function ghosted(form) {
    // Forms placing pieces of one shape get the ghost; a rearrangement of mixed shapes is ticked
    // cell by cell.
    return Boolean(form && form.dataset.sbPlace && (form.dataset.sbMulti !== "1" || form.querySelector("select[data-sb-combo]")));
  }

  function current() {
    const active = document.activeElement;
    if (active && active.name === "cells") return active;
    return document.querySelector('.sb-cell:hover input[name="cells"]');
  }

  // A trade or diplomacy offer shows what it would pay with the colours ticked as refused.
  function showOutcome(form) {
    const key = Array.from(form.querySelectorAll('input[name="decline"]:checked')).map((c) => c.value).join(",");
    form.querySelectorAll(".sb-gains[data-decline]").forEach((el) => { el.hidden = el.dataset.decline !== key; });
  }

  // A plan takes at most two cards (two only with 2 money, else the cards are radios): once
  // two are ticked the others wait, and a note says how to choose another.
  function limitPlan(list) {
    const boxes = Array.from(list.querySelectorAll('input[name="cards"]'));
    const full = boxes.filter((box) => box.checked).length >= Number(list.dataset.sbMost);
    boxes.forEach((box) => { box.disabled = full && !box.checked; });
    const note = list.closest("form").querySelector("[data-sb-full]");
    if (note) note.hidden = !full;
  }

  function enhance(root) {
    root.querySelectorAll("[data-sb-rotate], [data-sb-clear]").forEach((b) => { b.hidden = false; });
    root.querySelectorAll("form:has(.sb-gains)").forEach(showOutcome);
    root.querySelectorAll("[data-sb-most]").forEach(limitPlan);
  }

  // Escape or a refusal resets a form (the table's script): its limits and outcome follow.
  document.addEventListener("reset", function () {
    window.setTimeout(function () { enhance(document); }, 0);
  });

  document.addEventListener("change", function (event) {
    if (event.target.name === "decline" && event.target.form) showOutcome(event.target.form);
    const plan = event.target.name === "cards" && event.target.closest("[data-sb-most]");
    if (plan) limitPlan(plan);
  });

  document.addEventListener("click", function (event) {
    const input = event.target.closest('input[name="cells"]');
    const form = input && input.form;
    if (input && ghosted(form) && event.detail > 0) {
      // After the browser's own toggle: the ghost's cells replace it, or it is undone when the
      // ghost does not fit (a click with the pointer places a whole piece or nothing).
      window.setTimeout(function () {
        if (!place(form, input)) input.checked = !input.checked;
      }, 0);
      return;
    }
    if (event.target.closest("[data-sb-rotate]")) {
      turn += 1;
      const cell = current();
      if (cell) show(cell.form, cell);
      return;
    }
    const clear = event.target.closest("[data-sb-clear]");
    if (clear) {
      clear.form.querySelectorAll('input[name="cells"]').forEach((c) => { c.checked = false; });
      return;
    }
    const space = event.target.closest(".sb-reach[data-space]");
    if (space) {
      const button = document.querySelector(`[data-space-button="${space.dataset.space}"]`);
      if (button) button.click();
      return;
    }
    const token = event.target.closest(".sb-loadable[data-token]");
    if (token) {
      const button = document.querySelector(`[data-token-button="${token.dataset.token}"]`);
      if (button) button.click();
    }
  });

  document.addEventListener("mouseover", function (event) {
    const input = event.target.closest(".sb-cell") && event.target.closest(".sb-cell").querySelector('input[name="cells"]');
    if (input && ghosted(input.form)) show(input.form, input);
  });
  document.addEventListener("focusin", function (event) {
    const input = event.target;
    if (input.name === "cells" && ghosted(input.form)) show(input.form, input);
  });

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest && event.target.closest("input:not([type=checkbox]):not([type=radio]), textarea, select")) return;
    if (event.key === "r" || event.key === "R") {
      turn += 1;
      const cell = current();
      if (cell && cell.form) show(cell.form, cell);
    } else if (event.key === "Escape") {
      const cell = current();
      const form = cell ? cell.form : null;
      (form ? [form] : document.querySelectorAll("form[data-sb-place]")).forEach((f) => {
        clearGhost(f);
        f.querySelectorAll('input[name="cells"]').forEach((c) => { c.checked = false; });
      });
    } else if (event.key === "Enter" && event.target.name === "cells" && ghosted(event.target.form)) {
      event.preventDefault();
      place(event.target.form, event.target);
    }
  });

  enhance(document);
  document.body.addEventListener("htmx:afterSettle", function () { enhance(document); });
  document.body.addEventListener("htmx:wsAfterMessage", function () { enhance(document); });
})();

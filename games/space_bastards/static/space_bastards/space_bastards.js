// Placement by clicking cells: a ghost of the piece follows the pointer (or keyboard focus),
// green where it fits and red where not; R or the Rotate button turns it, a click or Enter
// ticks its cells, Escape or Clear unticks them. Clicking a highlighted space or a creature on
// the map presses its button in the forms; by keyboard the map's reachable spaces and each grid
// are one Tab stop, the arrows move within them and Enter (or Space on the map) acts. Without
// this script the same forms work by ticking cells and pressing the buttons; the server judges
// every move anyway.
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
    const combo = form.querySelector("input[data-sb-combo]:checked");
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

  // A cell open to the new piece is free, or holds a creature that may mutate: it takes the
  // piece only once that creature is ticked to mutate (its cells are then free).
  function usable(form, input) {
    const owner = input && input.parentElement.dataset.sbToken;
    return Boolean(input) && (!owner || Boolean(form.querySelector(`input[name="tokens"][value="${owner}"]:checked`)));
  }

  function fits(form, cells) {
    return cells.length > 0 && cells.every((c) => usable(form, c));
  }

  // A mutation's creatures can be ticked only when they are of the chosen colour and race.
  function limitTokens(form) {
    const combo = form.querySelector("input[data-sb-combo]:checked");
    if (!combo) return;
    const [owner, from] = combo.value.split("|");
    form.querySelectorAll('input[name="tokens"]').forEach((box) => {
      const [o, r] = box.value.split(":");
      box.disabled = o !== owner || r !== from;
      if (box.disabled) box.checked = false;
    });
  }

  function clearGhost(form) {
    form.querySelectorAll(".sb-ghost-ok, .sb-ghost-bad").forEach((el) => el.classList.remove("sb-ghost-ok", "sb-ghost-bad"));
  }

  function show(form, cell) {
    clearGhost(form);
    const cells = ghost(form, cell);
    const ok = fits(form, cells);
    cells.forEach((c) => c && c.parentElement.classList.add(ok ? "sb-ghost-ok" : "sb-ghost-bad"));
  }

  function place(form, cell) {
    const cells = ghost(form, cell);
    if (!fits(form, cells)) return false;
    if (form.dataset.sbMulti !== "1") {
      form.querySelectorAll('input[name="cells"]').forEach((c) => { c.checked = false; });
    }
    cells.forEach((c) => { c.checked = true; });
    return true;
  }

  function ghosted(form) {
    // Forms placing pieces of one shape get the ghost; a rearrangement of mixed shapes is ticked
    // cell by cell.
    return Boolean(form && form.dataset.sbPlace && (form.dataset.sbMulti !== "1" || form.querySelector("[data-sb-combo]")));
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

  // A placement grid and the map's reachable spaces are one keyboard stop each: the arrows
  // move within them and Tab leaves from where the player was (WAI-ARIA's roving tabindex).
  const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

  function rove(items, chosen) {
    items.forEach((item) => { item.tabIndex = item === chosen ? 0 : -1; });
  }

  function gridItems(grid) {
    return Array.from(grid.querySelectorAll('input[name="cells"], .sb-taken[data-cell]'));
  }

  function cellOf(item) {
    return (item.name === "cells" ? item.value : item.dataset.cell).split(",").map(Number);
  }

  function enhanceGrid(grid) {
    const items = gridItems(grid);
    const chosen = items.find((item) => item === document.activeElement) ||
      items.find((item) => item.checked) || items.find((item) => item.name === "cells") || items[0];
    rove(items, chosen);
  }

  function gridTarget(grid, from, key) {
    const items = gridItems(grid);
    const [row, col] = cellOf(from);
    if (key === "Home" || key === "End") {
      const inRow = items.filter((item) => cellOf(item)[0] === row);
      return key === "Home" ? inRow[0] : inRow[inRow.length - 1];
    }
    const at = new Map(items.map((item) => [cellOf(item).join(","), item]));
    const [dr, dc] = ARROWS[key];
    // Past the gaps of the planet's outline, to the next cell that way.
    for (let k = 1; k <= 12; k += 1) {
      const next = at.get(`${row + dr * k},${col + dc * k}`);
      if (next) return next;
    }
    return null;
  }

  function mapItems(svg) {
    return Array.from(svg.querySelectorAll("[data-space][tabindex]"));
  }

  function centre(space) {
    const circle = space.querySelector("circle");
    return [Number(circle.getAttribute("cx")), Number(circle.getAttribute("cy"))];
  }

  function mapTarget(svg, from, key) {
    // The nearest reachable space that way, straight ahead preferred to aside.
    const [dy, dx] = ARROWS[key];
    const [x0, y0] = centre(from);
    let best = null;
    let bestScore = Infinity;
    mapItems(svg).forEach((space) => {
      const [x, y] = centre(space);
      const along = (x - x0) * dx + (y - y0) * dy;
      const aside = Math.abs((x - x0) * dy - (y - y0) * dx);
      if (space === from || along <= 0 || along + 2 * aside >= bestScore) return;
      best = space;
      bestScore = along + 2 * aside;
    });
    return best;
  }

  function pressSpace(space) {
    const button = document.querySelector(`[data-space-button="${space.dataset.space}"]`);
    if (button) button.click();
  }

  function enhance(root) {
    root.querySelectorAll("[data-sb-rotate], [data-sb-clear]").forEach((b) => { b.hidden = false; });
    root.querySelectorAll('.sb-grid[role="grid"]').forEach(enhanceGrid);
    root.querySelectorAll("form:has(.sb-gains)").forEach(showOutcome);
    root.querySelectorAll("[data-sb-most]").forEach(limitPlan);
    root.querySelectorAll("form:has([data-sb-combo])").forEach(limitTokens);
  }

  // Escape or a refusal resets a form (the table's script): its limits and outcome follow.
  document.addEventListener("reset", function () {
    window.setTimeout(function () { enhance(document); }, 0);
  });

  document.addEventListener("change", function (event) {
    if (event.target.name === "decline" && event.target.form) showOutcome(event.target.form);
    const plan = event.target.name === "cards" && event.target.closest("[data-sb-most]");
    if (plan) limitPlan(plan);
    if (event.target.matches("[data-sb-combo]")) limitTokens(event.target.form);
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
      pressSpace(space);
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
    const grid = input.closest && input.closest('.sb-grid[role="grid"]');
    if (grid) rove(gridItems(grid), input);
    const svg = input.closest && input.closest(".sb-svg");
    if (svg && input.matches("[data-space][tabindex]")) rove(mapItems(svg), input);
  });

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const grid = event.target.closest && event.target.closest('.sb-grid[role="grid"]');
    if (grid && (event.key in ARROWS || event.key === "Home" || event.key === "End")) {
      event.preventDefault();
      const next = gridTarget(grid, event.target, event.key);
      if (next) next.focus();
      return;
    }
    const space = event.target.closest && event.target.closest(".sb-svg [data-space][tabindex]");
    if (space && event.key in ARROWS) {
      event.preventDefault();
      const next = mapTarget(space.closest(".sb-svg"), space, event.key);
      if (next) next.focus();
      return;
    }
    if (space && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      if (space.classList.contains("sb-reach")) pressSpace(space);
      return;
    }
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

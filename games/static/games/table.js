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
    const status = document.getElementById("status");
    return status ? Number(status.dataset.seq) : -1;
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
    const status = document.getElementById("status");
    const myTurn = status && status.dataset.myTurn === "1";
    document.title = myTurn && document.hidden
      ? "(1) " + live.dataset.yourTurn + " — " + live.dataset.gameName
      : baseTitle;
  }

  // The table's socket events are heard on its own element: the page has other sockets (the
  // bell's), and a move sent over one of those would be lost.
  let socket = null;
  live.addEventListener("htmx:wsOpen", function (event) {
    opened = true;
    socket = event.detail.socketWrapper;
    stopPolling();
  });
  live.addEventListener("htmx:wsClose", startPolling);
  live.addEventListener("htmx:wsError", startPolling);
  live.addEventListener("htmx:wsBeforeMessage", function (event) {
    // An older table than the one shown (a late push) is dropped; a newer one replaces it.
    const match = /data-seq="(\d+)"/.exec(event.detail.message);
    if (match && Number(match[1]) < currentSeq()) event.preventDefault();
  });
  document.body.addEventListener("htmx:configRequest", function (event) {
    // While the socket is up a move goes over it (the form's fields as JSON, as htmx's ws-send
    // sends them) and the socket brings the new table; otherwise it is posted. A move posted
    // with the socket up gets the status alone: the socket brings every new table.
    if (!opened || poller !== null) return;
    const form = event.detail.elt;
    if (socket && event.detail.verb === "post" && event.detail.path === live.dataset.moveUrl) {
      const fields = {};
      event.detail.formData.forEach(function (value, name) {
        if (name === "csrfmiddlewaretoken") return;
        if (!(name in fields)) fields[name] = value;
        else fields[name] = [].concat(fields[name], value);
      });
      event.preventDefault();
      socket.send(JSON.stringify(fields), form);
      form.querySelectorAll("button").forEach(function (button) {
        button.disabled = true;
        button.dataset.sending = "1";
      });
      return;
    }
    event.detail.headers["X-Table-Live"] = "1";
  });
  // The answer to a move sent over the socket (a new table or a refusal, both of which redraw
  // the status) frees its buttons; a line of talk or a presence mark does not.
  live.addEventListener("htmx:wsAfterMessage", function (event) {
    if (!/id="status"|#status/.test(event.detail.message)) return;
    document.querySelectorAll("#table button[data-sending]").forEach(function (button) {
      button.disabled = false;
      delete button.dataset.sending;
    });
  });
  document.body.addEventListener("htmx:beforeSwap", function (event) {
    // A move's answer can arrive after a push of a later move (a bot answering at once):
    // never let the table go back in time.
    const match = /data-seq="(\d+)"/.exec(event.detail.serverResponse || "");
    if (match && Number(match[1]) < currentSeq()) event.detail.shouldSwap = false;
  });
  // A push that redraws the player's own area (or a fragment of it) keeps the choice they were
  // assembling, in the same form only (a form of another move, such as the trick after the
  // draft, may name its fields alike, and must start empty), and only while it is still legal
  // there. The server says what is legal: an input the new form lacks or disables is not
  // ticked again; a form marked `data-whole-choice` (an arrangement, a placement: a choice
  // that is legal only as a whole) keeps the player's choice exactly while the server offers
  // the same form, and shows the new offer when the offer changed, never a mix of the two.
  // A fold marked `data-keep` (Space Bastards' standing answers, set while the others plan)
  // stays open, and the lists in it keep the values the player set where the new form offers
  // them; a fold is found again by its place among its form's kept folds.
  function formKind(form) {
    if (!form) return "";
    return Array.from(form.querySelectorAll('input[type="hidden"]'))
      .filter(function (el) {
        return el.name !== "csrfmiddlewaretoken" && el.name !== "expected_seq";
      })
      .map(function (el) {
        return el.name + "=" + el.value;
      })
      .join("&");
  }
  function offer(form) {
    // The form as the server drew it: its choices, which of them it ticked, which it refused.
    return Array.from(form.querySelectorAll("input, option"))
      .filter(function (el) {
        return el.type !== "hidden";
      })
      .map(function (el) {
        const option = el.tagName === "OPTION";
        const name = option ? (el.closest("select") || {}).name : el.name;
        return [name, el.value, option ? el.defaultSelected : el.defaultChecked, el.disabled]
          .join(":");
      })
      .join("&");
  }
  function ticked(form) {
    return Array.from(form.querySelectorAll("input:checked")).map(function (input) {
      return input.name + "=" + input.value;
    });
  }
  function changedFromServer(select) {
    const drawn = Array.from(select.options).find(function (o) { return o.defaultSelected; }) ||
      select.options[0];
    return drawn && select.value !== drawn.value;
  }
  function foldsOf(form) {
    return Array.from(form.querySelectorAll("details[data-keep]"));
  }
  let pendingChoice = null;
  document.body.addEventListener("htmx:oobBeforeSwap", function (event) {
    const mine = document.getElementById("mine");
    if (!mine || !mine.contains(event.detail.target)) return;
    pendingChoice = {
      inputs: Array.from(mine.querySelectorAll("input:checked"))
        .filter(function (input) {
          return !input.closest("form[data-whole-choice]");
        })
        .map(function (input) {
          return [formKind(input.form), input.name, input.value];
        }),
      wholes: Array.from(mine.querySelectorAll("form[data-whole-choice]")).map(function (form) {
        return { kind: formKind(form), offer: offer(form), ticked: ticked(form) };
      }),
      lists: Array.from(mine.querySelectorAll("form [data-keep] select"))
        .filter(changedFromServer)
        .map(function (select) {
          return [formKind(select.form), select.name, select.value];
        }),
      folds: Array.from(mine.querySelectorAll("form details[data-keep][open]"))
        .map(function (fold) {
          const form = fold.closest("form");
          return [formKind(form), foldsOf(form).indexOf(fold)];
        }),
    };
  });
  document.body.addEventListener("htmx:oobAfterSwap", function () {
    if (pendingChoice === null) return;
    const mine = document.getElementById("mine");
    const kept = pendingChoice;
    pendingChoice = null;
    if (!mine) return;
    mine.querySelectorAll("form[data-whole-choice]").forEach(function (form) {
      const kind = formKind(form);
      const same = offer(form);
      const whole = kept.wholes.find(function (w) {
        return w.kind === kind && w.offer === same;
      });
      if (!whole) return;
      form.querySelectorAll('input[type="checkbox"], input[type="radio"]').forEach(function (el) {
        el.checked = whole.ticked.indexOf(el.name + "=" + el.value) >= 0;
      });
    });
    kept.inputs.forEach(function (choice) {
      const input = Array.from(mine.querySelectorAll("input")).find(function (el) {
        return formKind(el.form) === choice[0] && el.name === choice[1] &&
          el.value === choice[2] && !el.disabled && !el.closest("form[data-whole-choice]");
      });
      if (input) input.checked = true;
    });
    kept.lists.forEach(function (choice) {
      mine.querySelectorAll("form [data-keep] select").forEach(function (select) {
        if (formKind(select.form) !== choice[0] || select.name !== choice[1] || select.disabled) {
          return;
        }
        const option = Array.from(select.options).find(function (o) {
          return o.value === choice[2] && !o.disabled;
        });
        if (option) select.value = choice[2];
      });
    });
    kept.folds.forEach(function (fold) {
      mine.querySelectorAll("form").forEach(function (form) {
        const same = formKind(form) === fold[0] && foldsOf(form)[fold[1]];
        if (same) same.open = true;
      });
    });
  });
  // Focus stays where the player was after a push redraws the regions: on the same element
  // (its id, else its name and value or card in the same region) if it is still there, else on
  // the status, which a screen reader then reads. The page does not scroll (a player reading
  // the log stays there), and focus elsewhere on the page is left alone.
  let focusKey = null;
  function keyOf(el) {
    const region = el.closest("#table [id]:not(#table [id] [id])") || el.closest("[id]");
    const card = el.closest("[data-card]") ||
      (el.closest("label") || el).querySelector("[data-card]");
    return {
      id: el.id,
      region: region ? region.id : "",
      tag: el.tagName,
      name: el.getAttribute("name"),
      value: el.getAttribute("value"),
      card: card ? card.dataset.card : null,
    };
  }
  function usable(el) {
    return el && !el.disabled && el.getClientRects().length > 0;
  }
  function findKey(key) {
    if (key.id) {
      const same = document.getElementById(key.id);
      return usable(same) ? same : null;
    }
    const region = document.getElementById(key.region);
    if (!region) return null;
    return Array.from(region.querySelectorAll(key.tag)).find(function (el) {
      const other = keyOf(el);
      return usable(el) && other.name === key.name && other.value === key.value &&
        other.card === key.card;
    }) || null;
  }
  document.addEventListener("focusin", function (event) {
    const inTable = event.target.closest && event.target.closest("#table");
    focusKey = inTable ? keyOf(event.target) : null;
  });
  function keepFocus() {
    const active = document.activeElement;
    if (focusKey === null || (active && active !== document.body && active.isConnected)) return;
    const target = findKey(focusKey) || document.getElementById("status");
    if (target) target.focus({ preventScroll: true });
  }
  // A screen-reader player follows the game without reading the log: after each new move the
  // polite live region reads the other seats' new log lines, then the new status.
  const announcer = document.getElementById("announcer");
  function logLines() {
    return Array.from(document.querySelectorAll("#log-lines > li.log-line"));
  }
  let seenSeq = currentSeq();
  let seenLines = logLines().length;
  function announce() {
    const seq = currentSeq();
    const lines = logLines();
    if (!announcer || seq <= seenSeq) return;
    const you = document.querySelector("#players .you");
    const mine = you ? /seat-\d+/.exec(you.className) : null;
    const news = lines.slice(0, Math.max(0, lines.length - seenLines)).reverse()
      .filter(function (line) {
        return !(mine && line.classList.contains(mine[0]));
      })
      .slice(-5)
      .map(function (line) {
        return line.textContent.trim();
      });
    const status = document.querySelector("#status .status-text");
    if (status) news.push(status.textContent.trim());
    announcer.textContent = news.join(" ");
    seenSeq = seq;
    seenLines = lines.length;
  }
  function afterPush() {
    keepFocus();
    announce();
  }
  live.addEventListener("htmx:wsAfterMessage", afterPush);
  document.body.addEventListener("htmx:afterSettle", afterPush);
  document.body.addEventListener("htmx:afterSettle", updateTitle);
  document.body.addEventListener("htmx:oobAfterSwap", updateTitle);
  document.addEventListener("visibilitychange", updateTitle);
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    const form = document.activeElement && document.activeElement.closest("#table form");
    if (form) form.reset();
  });
  // A log line hovered or focused marks the cards it names on the table (its data-marks).
  function markNamed(event) {
    document.querySelectorAll("#table .log-named").forEach(function (el) {
      el.classList.remove("log-named");
    });
    const line = event.type === "mouseout" || event.type === "focusout"
      ? null
      : event.target.closest && event.target.closest("#log .log-line[data-marks]");
    if (!line) return;
    line.dataset.marks.split(" ").forEach(function (card) {
      document.querySelectorAll('#table [data-card="' + card + '"]').forEach(function (el) {
        if (!el.closest("#log")) el.classList.add("log-named");
      });
    });
  }
  ["mouseover", "focusin", "mouseout", "focusout"].forEach(function (type) {
    document.addEventListener(type, markNamed);
  });
  // A number that changed with a push (a score, a city's total) counts to its new value.
  const still = window.matchMedia("(prefers-reduced-motion: reduce)");
  let counted = {};
  function countUp() {
    const now = {};
    document.querySelectorAll("#table [data-count]").forEach(function (el) {
      // The value is read once from the server's text; a count under way keeps it aside.
      if (el.dataset.countTo === undefined) el.dataset.countTo = el.textContent;
      const to = Number(el.dataset.countTo);
      const from = counted[el.dataset.count];
      now[el.dataset.count] = to;
      if (from === undefined || from === to || Number.isNaN(to) || still.matches) return;
      const started = performance.now();
      el.classList.add("counting");
      (function step(time) {
        const part = Math.min(1, (time - started) / 600);
        el.textContent = String(Math.round(from + (to - from) * part));
        if (part < 1) window.requestAnimationFrame(step);
        else el.classList.remove("counting");
      })(started);
    });
    counted = now;
  }
  countUp();
  document.body.addEventListener("htmx:afterSettle", countUp);
  document.body.addEventListener("htmx:oobAfterSwap", countUp);
  // The card of another seat's newest move (`.last-move`) slides in once: a later push that
  // draws it again leaves it still (each game's stylesheet animates `.arriving`).
  let arrived = new Set();
  function slideIn() {
    const now = new Set();
    document.querySelectorAll("#table .last-move [data-card]").forEach(function (card) {
      now.add(card.dataset.card);
      if (!arrived.has(card.dataset.card)) card.classList.add("arriving");
    });
    arrived = now;
  }
  slideIn();
  document.body.addEventListener("htmx:afterSettle", slideIn);
  document.body.addEventListener("htmx:oobAfterSwap", slideIn);
  // Clocks count down between pushes; the server's deadline is the authority. A clock close to
  // running out turns red (its `data-warning` seconds before the end).
  function tick() {
    document.querySelectorAll("#players .clock.running time[data-deadline]").forEach(function (el) {
      const left = Math.max(0, Math.floor((Date.parse(el.dataset.deadline) - Date.now()) / 1000));
      const clock = el.closest(".clock");
      if (clock) clock.classList.toggle("low", left <= Number(clock.dataset.warning || 0));
      const hours = Math.floor(left / 3600);
      const minutes = Math.floor((left % 3600) / 60);
      const seconds = String(left % 60).padStart(2, "0");
      el.textContent = hours > 0
        ? hours + ":" + String(minutes).padStart(2, "0") + ":" + seconds
        : minutes + ":" + seconds;
    });
  }
  window.setInterval(tick, 1000);
  // Without the websocket extension (blocked socket, old browser) the table still follows.
  window.setTimeout(function () {
    if (!opened) startPolling();
  }, 8000);
})();

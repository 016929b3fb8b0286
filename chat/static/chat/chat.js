// The table's talk: while the table's socket is up a line goes over it (the chat form's field
// as JSON, like a move) and lines arrive pushed; while it is down the form posts and the panel
// is polled. Without JavaScript the form posts and the page comes back.
(function () {
  "use strict";
  const live = document.getElementById("live");
  if (!live || !live.dataset.sayUrl) return;
  let socket = null;
  let poller = null;
  let unsent = "";

  function lines() {
    return document.getElementById("chat-lines");
  }

  function scrollToNewest() {
    const log = lines();
    if (log) log.scrollTop = log.scrollHeight;
  }

  // The lines alone: a line being typed stays in its input.
  function poll() {
    htmx.ajax("GET", live.dataset.chatUrl, {
      target: "#chat-lines",
      select: "#chat-lines",
      swap: "outerHTML",
    });
  }

  live.addEventListener("htmx:wsOpen", function (event) {
    socket = event.detail.socketWrapper;
    if (poller !== null) {
      window.clearInterval(poller);
      poller = null;
      poll();
    }
  });
  function down() {
    socket = null;
    if (poller === null) poller = window.setInterval(poll, 5000);
  }
  live.addEventListener("htmx:wsClose", down);
  live.addEventListener("htmx:wsError", down);

  document.body.addEventListener("htmx:configRequest", function (event) {
    if (!socket || event.detail.verb !== "post" || event.detail.path !== live.dataset.sayUrl) {
      return;
    }
    const input = document.getElementById("chat-input");
    if (!input) return;
    event.preventDefault();
    unsent = input.value;
    socket.send(JSON.stringify({ chat_line: input.value }), event.detail.elt);
    input.value = "";
    input.focus();
  });

  // A refused line comes back to its input, with the reason above it.
  document.body.addEventListener("htmx:oobAfterSwap", function (event) {
    const target = event.detail.target;
    if (!target) return;
    if (target.id === "chat-error" && !target.hidden) {
      const input = document.getElementById("chat-input");
      if (input && !input.value) input.value = unsent;
    }
    if (target.id === "chat-lines" || target.id === "chat") scrollToNewest();
  });
  document.body.addEventListener("htmx:afterSwap", scrollToNewest);
  scrollToNewest();
})();

// "Notify this device" on the settings page: the browser's push subscription, made with the
// site's public key (the form's data-key), is sent in the form; the list marks this browser.
(function () {
  "use strict";
  const form = document.querySelector("[data-push-device]");
  if (!form || !("serviceWorker" in navigator) || !("PushManager" in window) ||
      !("Notification" in window)) return;
  const state = form.querySelector("[data-push-state]");
  const button = form.querySelector("button");
  const key = keyBytes(form.dataset.key);
  state.textContent = "";
  button.hidden = false;

  function keyBytes(text) {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
    return Uint8Array.from(atob(base64), function (c) { return c.charCodeAt(0); });
  }

  function madeWithKey(subscription) {
    const made = subscription.options.applicationServerKey;
    if (!made || made.byteLength !== key.length) return false;
    const bytes = new Uint8Array(made);
    return key.every(function (byte, i) { return bytes[i] === byte; });
  }

  // A subscription made with another key (the site's key was changed) is useless: replace it.
  function subscribe(pushManager) {
    return pushManager.getSubscription().then(function (old) {
      if (old && !madeWithKey(old)) return old.unsubscribe().then(function () { return null; });
      return old;
    }).then(function (old) {
      return old || pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    });
  }

  navigator.serviceWorker.ready.then(function (registration) {
    return registration.pushManager.getSubscription();
  }).then(function (subscription) {
    if (!subscription) return;
    document.querySelectorAll(".device").forEach(function (device) {
      if (device.dataset.endpoint === subscription.endpoint) {
        device.querySelector("[data-this-device]").hidden = false;
      }
    });
  });

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    button.disabled = true;
    state.textContent = "";
    Notification.requestPermission().then(function (answer) {
      if (answer !== "granted") throw new Error("blocked");
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      // A browser whose push service cannot be reached may never answer.
      const late = new Promise(function (resolve, reject) {
        setTimeout(function () { reject(new Error("no answer")); }, 10000);
      });
      return Promise.race([subscribe(registration.pushManager), late]);
    }).then(function (subscription) {
      const made = subscription.toJSON();
      form.elements.endpoint.value = made.endpoint;
      form.elements.p256dh.value = made.keys.p256dh;
      form.elements.auth.value = made.keys.auth;
      form.submit();
    }).catch(function (error) {
      state.textContent = error.message === "blocked" ? form.dataset.blocked : form.dataset.failed;
      button.disabled = false;
    });
  });
})();

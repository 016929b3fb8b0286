// Deskovky's service worker, served at /sw.js for the whole site (config/webapp.py).
// Pushed notices (notifications/push.py): one per match on the device, a newer one in place of
// the older; a click opens the table, or brings forward a tab that has it open.
// Offline: a page of its own when the site cannot be reached.
"use strict";

const CACHE = "offline-{{ version }}";
const OFFLINE_PAGE = "{% url 'offline' %}";
const OFFLINE_FILES = [OFFLINE_PAGE{% for file in offline_files %}, "{{ file }}"{% endfor %}];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(OFFLINE_FILES);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    const old = names.filter(function (name) { return name !== CACHE; });
    return Promise.all(old.map(function (name) { return caches.delete(name); }));
  }).then(function () {
    // A page's request starts while this worker wakes, so going through it costs no time.
    return self.registration.navigationPreload && self.registration.navigationPreload.enable();
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  const request = event.request;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(Promise.resolve(event.preloadResponse).then(function (preloaded) {
      return preloaded || fetch(request);
    }).catch(function () { return caches.match(OFFLINE_PAGE); }));
  } else if (OFFLINE_FILES.includes(new URL(request.url).pathname)) {
    event.respondWith(fetch(request).catch(function () { return caches.match(request); }));
  }
});

// The window showing `link` (a path of the site), if one is open.
function windowAt(link) {
  const wanted = new URL(link, self.location.origin).pathname;
  return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (list) {
    return list.find(function (client) { return new URL(client.url).pathname === wanted; });
  });
}

self.addEventListener("push", function (event) {
  const notice = event.data.json();
  event.waitUntil(windowAt(notice.link).then(function (open) {
    if (open && open.focused) return undefined;  // the player is looking at it
    return self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      renotify: true,
      icon: notice.icon,
      lang: notice.lang,
      data: { link: notice.link },
    });
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  const link = event.notification.data.link;
  event.waitUntil(windowAt(link).then(function (open) {
    return open ? open.focus() : self.clients.openWindow(link);
  }));
});

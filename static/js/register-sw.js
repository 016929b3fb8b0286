// The site's service worker (/sw.js): notices pushed to this device, and a page of its own
// when the site cannot be reached.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("/sw.js", { scope: "/" });
}

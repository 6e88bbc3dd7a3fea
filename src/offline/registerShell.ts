// Registers the offline shell (the service worker built by vite-plugins/offline-shell.ts) once the app has loaded
// and the browser is idle, so its download never competes with the first screen's. Production builds only (the dev
// server has no sw.js); a browser without service workers, or one that refuses, simply goes without.
export function registerOfflineShell(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`).catch(() => {});
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(register, { timeout: 5000 })
      : setTimeout(register, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

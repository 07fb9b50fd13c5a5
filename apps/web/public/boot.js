// Starts the app after the page's first paint: see startAppAfterFirstPaint in scripts/prerender.ts.
(() => {
  const { entry, preload = '', pagePreload = '' } = document.currentScript?.dataset ?? {};
  if (!entry) return;
  let started = false;
  // A few links a task: each link starts a request, a few milliseconds of a slow phone's
  // processor, and the 10 to 40 of a page at once were one long task (Total Blocking Time).
  const preloadAll = (list) => {
    const files = list.split(' ').filter(Boolean);
    for (let i = 0; i < files.length; i += 4) {
      setTimeout(() => {
        for (const href of files.slice(i, i + 4)) {
          document.head.append(
            Object.assign(document.createElement('link'), {
              rel: 'modulepreload',
              crossOrigin: 'anonymous',
              href,
            }),
          );
        }
      }, 0);
    }
  };
  const start = () => {
    if (started) return;
    started = true;
    document.head.append(
      Object.assign(document.createElement('script'), {
        type: 'module',
        crossOrigin: 'anonymous',
        src: entry,
      }),
    );
    // The app's modules first, then the page's own (their timeouts run in that order).
    preloadAll(preload);
    preloadAll(pagePreload);
  };
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(start, 0));
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, 3000); // a page that does not paint (a tab opened in the background)
})();

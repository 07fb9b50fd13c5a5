// Starts the app after the page's first paint: see startAppAfterFirstPaint in scripts/prerender.ts.
(() => {
  const { entry, preload = '' } = document.currentScript?.dataset ?? {};
  if (!entry) return;
  let started = false;
  const add = (element, props) => document.head.append(Object.assign(element, props));
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preload.split(' ').filter(Boolean)) {
      add(document.createElement('link'), { rel: 'modulepreload', crossOrigin: 'anonymous', href });
    }
    add(document.createElement('script'), { type: 'module', crossOrigin: 'anonymous', src: entry });
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

// Starts the app after the page's first paint: see startAppAfterFirstPaint in scripts/prerender.ts.
(() => {
  const { entry, preload = '', pagePreload = '' } = document.currentScript?.dataset ?? {};
  if (!entry) return;
  let started = false;
  const preloadAll = (list) => {
    const links = document.createDocumentFragment();
    for (const href of list.split(' ').filter(Boolean)) {
      links.append(
        Object.assign(document.createElement('link'), {
          rel: 'modulepreload',
          crossOrigin: 'anonymous',
          href,
        }),
      );
    }
    document.head.append(links);
  };
  const start = () => {
    if (started) return;
    started = true;
    preloadAll(preload);
    document.head.append(
      Object.assign(document.createElement('script'), {
        type: 'module',
        crossOrigin: 'anonymous',
        src: entry,
      }),
    );
    // The page's own modules in a task of their own: starting some 40 requests at once is one
    // long task on a phone.
    setTimeout(() => preloadAll(pagePreload), 0);
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

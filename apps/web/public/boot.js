// Starts the app only after the page has painted. The landing page's first screen is all in its
// HTML and CSS (scripts/prerender.ts); this way it has the connection and the processor to
// itself: the app's files are requested after the first paint, not beside the stylesheets, and
// the app's script does not run before that paint.
//   data-entry: the app's entry module; data-preload: the modules it imports, fetched at once
//   beside it instead of one after another.
// scripts/prerender.ts puts this in place of Vite's entry script on the pages that want it.
(() => {
  const { entry, preload = '' } = document.currentScript?.dataset ?? {};
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preload.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = entry;
    document.head.append(script);
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
  // A page that does not paint (a tab opened in the background) still starts.
  setTimeout(start, 3000);
})();

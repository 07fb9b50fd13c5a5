// Starts the app only after a prerendered page has painted. Its first screen (HTML and CSS,
// scripts/prerender.ts) then has the connection and the processor to itself: the app's files
// are requested after the first paint, not beside the stylesheets, and its script does not run
// before that paint. A page with nothing prerendered starts the app as soon as it is parsed.
//   data-entry: the app's entry module; data-preload: the modules it imports, fetched at once
//   beside it instead of one after another.
// Added to the built pages in place of Vite's entry script by vite.config.ts
// (startAppAfterFirstPaint).
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

  const afterFirstPaint = () => {
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
  };

  const whenParsed = () => (document.getElementById('prerendered-texts') ? afterFirstPaint() : start());
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenParsed, { once: true });
  else whenParsed();
})();

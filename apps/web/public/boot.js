// Runs before the page paints. A prerendered page looks ready before its JavaScript has made
// it work, and a tap then is lost; so the page takes no pointer input ('booting' in
// styles/global.css) until the app has rendered, which removes the class (app/app.tsx). Without
// JavaScript this never runs and the page's links work as plain links; should the app never
// start, the page still becomes usable after ten seconds.
document.documentElement.classList.add('booting');
setTimeout(function () {
  document.documentElement.classList.remove('booting');
}, 10000);

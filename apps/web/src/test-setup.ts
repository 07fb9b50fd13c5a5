import { cleanup } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach } from 'vitest';
import { authSession } from './shared/auth/auth-session';

// Test files share their worker's jsdom window and modules (isolate: false in vite.config.ts),
// so each file starts here as a fresh page load would: empty storage and cookies, the site's
// root address, English.
if (typeof window !== 'undefined') {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', '/');
}
if (i18n.isInitialized && i18n.language !== 'en') await i18n.changeLanguage('en');

afterEach(() => {
  cleanup();
  // Each test starts as a fresh page load: nobody signed in, no restore under way.
  authSession.reset();
});

// jsdom has <dialog> without its modal methods: opening sets `open`, as a browser does. (Tests
// in the node environment have no DOM at all.)
if (typeof HTMLDialogElement !== 'undefined') {
  const dialogProto = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
  dialogProto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialogProto.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

// jsdom lays nothing out, so it has no scrollIntoView; tests spy on it where scrolling matters.
if (typeof Element !== 'undefined' && !('scrollIntoView' in Element.prototype)) {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => undefined, writable: true });
}

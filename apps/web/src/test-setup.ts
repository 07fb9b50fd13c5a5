import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { authSession } from './shared/auth/auth-session';

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

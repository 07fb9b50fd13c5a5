import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { authSession } from './shared/auth/auth-session';

afterEach(() => {
  cleanup();
  // Each test starts as a fresh page load: nobody signed in, no restore under way.
  authSession.reset();
});

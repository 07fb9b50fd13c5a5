// A browser with passkeys, for component tests: jsdom has no WebAuthn, so
// window.PublicKeyCredential and navigator.credentials are stubbed at that boundary. The
// credentials' bytes are placeholders; the server's checks are the API tests'
// (apps/server/test/api/auth/passkeys.test.ts).
import { vi } from 'vitest';

const bytes = (text: string) => new TextEncoder().encode(text).buffer;

export function stubPasskeyBrowser() {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  const base = {
    id: 'Y3JlZC0x',
    rawId: bytes('cred-1'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
  };
  const get = vi.fn(() =>
    Promise.resolve({
      ...base,
      response: {
        clientDataJSON: bytes('{"type":"webauthn.get"}'),
        authenticatorData: bytes('auth-data'),
        signature: bytes('signature'),
        userHandle: bytes('user'),
      },
      getClientExtensionResults: () => ({}),
    }),
  );
  const create = vi.fn(() =>
    Promise.resolve({
      ...base,
      response: {
        clientDataJSON: bytes('{"type":"webauthn.create"}'),
        attestationObject: bytes('attestation'),
        getTransports: () => ['internal'],
      },
      getClientExtensionResults: () => ({}),
    }),
  );
  Object.defineProperty(navigator, 'credentials', { value: { get, create }, configurable: true });
  return {
    get,
    create,
    restore: () => {
      Reflect.deleteProperty(navigator, 'credentials');
      vi.unstubAllGlobals();
    },
  };
}

/** Options as the server answers them (a base64url challenge). */
export const serverOptions = (extra: Record<string, unknown> = {}) => ({
  options: { challenge: 'c2VydmVyLWNoYWxsZW5nZQ', rpId: 'localhost', allowCredentials: [], ...extra },
});

// A software passkey authenticator for API tests, written from the WebAuthn spec (Level 2, §6.1
// authenticator data, §6.5 attestation, §7 the relying party's checks): an EC P-256 key from
// node:crypto, attestation 'none', and assertions signed over authenticatorData ||
// SHA-256(clientDataJSON). What a browser would send, without a browser; the server's library
// checks it as it checks a phone's.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

// ---- the few CBOR forms a COSE key and an attestation object need (RFC 8949) ----
function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
}
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string')
    return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

type Options = { challenge: string; rp?: { id?: string }; rpId?: string; user?: { id: string } };

export type SoftAuthenticator = {
  credentialId: string;
  /** The signature counter it reports next (set it lower to act as a cloned key). */
  counter: number;
  /** Answers navigator.credentials.create(options) for `origin`. */
  create(options: Options, origin: string): Record<string, unknown>;
  /** Answers navigator.credentials.get(options) for `origin`; `verified`: the device's lock was used. */
  get(options: Options, origin: string, verified?: boolean): Record<string, unknown>;
};

export function softAuthenticator(): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const id = randomBytes(16);
  let userHandle = '';
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = cbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const authData = (rpId: string, flags: number, counter: number, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  };
  const self: SoftAuthenticator = {
    credentialId: b64url(id),
    counter: 0,
    create(options, origin) {
      userHandle = options.user?.id ?? '';
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, id, coseKey]);
      const data = authData(options.rp?.id ?? '', FLAG_UP | FLAG_UV | FLAG_AT, self.counter, attested);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', data],
        ]),
      );
      return {
        id: self.credentialId,
        rawId: self.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    get(options, origin, verified = true) {
      self.counter += 1;
      const data = authData(options.rpId ?? '', FLAG_UP | (verified ? FLAG_UV : 0), self.counter);
      const client = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey as KeyObject);
      return {
        id: self.credentialId,
        rawId: self.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
  return self;
}

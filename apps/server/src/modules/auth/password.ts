// scrypt at OWASP's recommended cost (N=2^17, r=8, p=1; PASSWORD_HASH_COST_LOG2, which only the
// tests lower). The stored form carries its parameters so they can be raised later without
// breaking existing hashes.
// Each hash takes ~128 MB and one of libuv's 4 worker threads for a few hundred ms, so only a
// few run at once and the rest queue: a sign-in flood cannot take every worker thread (file
// and DNS work share them) nor the memory.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { serviceUnavailable } from '../../http/errors';

let N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/** Hashes waiting beyond this answer 503 at once rather than queue for ever. */
const MAX_WAITING_HASHES = 200;
let maxConcurrentHashes = 2;
let running = 0;
const waiting: (() => void)[] = [];

/** MAX_CONCURRENT_PASSWORD_HASHES and PASSWORD_HASH_COST_LOG2, set once at start. */
export function configurePasswordHashing(config: {
  MAX_CONCURRENT_PASSWORD_HASHES: number;
  PASSWORD_HASH_COST_LOG2: number;
}): void {
  maxConcurrentHashes = config.MAX_CONCURRENT_PASSWORD_HASHES;
  N = 2 ** config.PASSWORD_HASH_COST_LOG2;
}

/** Hashes running right now (for the tests). */
export const hashesRunning = () => running;

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= maxConcurrentHashes) {
    if (waiting.length >= MAX_WAITING_HASHES)
      throw serviceUnavailable('Too many sign-ins at once, please retry.');
    // The finishing hash hands its turn over: `running` stays counted for us.
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  const options: ScryptOptions = { N: n, r, p, maxmem: 256 * n * r };
  return inTurn(
    () =>
      new Promise((resolve, reject) =>
        scryptCb(password, salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// npm run admin:create -- --email someone@example.com [--role crew] [--password …]
// Creates an admin (or, with --role crew, a crew account: trips, manifests and check-in only),
// or resets the password of an existing account (keeping its role, unless --role gives one).
// On a terminal it asks for the password (hidden); otherwise, or when left empty, it
// generates a strong one and prints it once.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { isEmailAddress } from '@boats/domain/schemas/email-address';
import { describeDatabase } from '../db/describe';
import { hashPassword } from '../modules/auth/password';
import { revokeAllForUser } from '../modules/auth/refresh-token-repository';
import { findUserByEmail, upsertUser } from '../modules/auth/user-repository';
import { platformOwnerId } from '../modules/owner-scope/platform-owner';
import { openConfiguredDatabase } from './open-configured-database';

const MIN_PASSWORD = 12;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Reads a line from the terminal without echoing it. */
async function promptHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  // Echo goes off before the question shows, so nothing typed early is displayed.
  stdin.setRawMode(true);
  stdout.write(question);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve) => {
    let value = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          stdout.write('\n');
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          stdout.write('\n');
          process.exit(130);
        }
        if (ch === '\u007f' || ch === '\b') value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on('data', onData);
  });
}

const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' } },
  allowPositionals: false,
});
const email = values.email?.trim().toLowerCase();
const USAGE = 'Usage: npm run admin:create -- --email admin@example.com [--role admin|crew] [--password …]';
if (!email || !isEmailAddress(email)) fail(USAGE);
if (values.role !== undefined && values.role !== 'admin' && values.role !== 'crew') fail(USAGE);

let password = values.password ?? '';
let generated = false;
if (!password && process.stdin.isTTY) {
  password = await promptHidden(`Password for ${email} (empty = generate one): `);
  if (password) {
    const again = await promptHidden('Repeat the password: ');
    if (again !== password) fail('The passwords do not match; nothing changed.');
  }
}
if (!password) {
  password = randomBytes(18).toString('base64url');
  generated = true;
}
if (password.length < MIN_PASSWORD) fail(`The password must have at least ${MIN_PASSWORD} characters.`);

const { config, database } = await openConfiguredDatabase();
try {
  // An existing account keeps its role (and owner) unless --role says otherwise: resetting an
  // owner's password must not make them an admin.
  const existing = await findUserByEmail(database.db, email);
  const role = values.role ?? existing?.role ?? 'admin';
  const ownerId =
    existing && role === existing.role
      ? existing.ownerId
      : role === 'crew'
        ? await platformOwnerId(database.db) // a crew account made here serves the platform's boats
        : null;
  const { row, created } = await upsertUser(database.db, {
    email,
    passwordHash: await hashPassword(password),
    role,
    ownerId,
  });
  // A reset password must also end the sessions opened with the old one.
  if (!created) await revokeAllForUser(database.db, row.id, new Date());
  console.log(
    `${created ? `Created ${role}` : `Reset the password of ${role}`} ${email} in ${describeDatabase(config)}.`,
  );
  if (generated) console.log(`Generated password (shown once): ${password}`);
} finally {
  await database.close();
}

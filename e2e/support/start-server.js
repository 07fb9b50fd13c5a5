// Starts the real server for the browser journeys: a fresh embedded database in a temporary
// folder (seeded with the demo data), the built web app, rate limits as in production.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMailCatcher } from './mail-catcher.js';
import { E2E_MAIL_PORTS } from './mail-ports.js';

const dataDir = mkdtempSync(join(tmpdir(), 'boats-e2e-'));
const mail = await startMailCatcher(E2E_MAIL_PORTS);
const child = spawn('npx', ['tsx', 'src/server.ts'], {
  cwd: new URL('../../apps/server/', import.meta.url),
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '3199',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'true',
    PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? '3199'}`,
    SMTP_URL: `smtp://127.0.0.1:${E2E_MAIL_PORTS.smtpPort}`,
    // The company the legal pages name (legal.spec.ts checks they show it).
    OPERATOR_LEGAL_NAME: 'Mar Azul Charters S.L.',
    OPERATOR_TAX_ID: 'B38765432',
    OPERATOR_ADDRESS: 'Muelle Pesquero 2, 38660 Costa Adeje, Santa Cruz de Tenerife',
    OPERATOR_REGISTRY: 'Registro Mercantil de Santa Cruz de Tenerife, hoja TF-12345',
    OPERATOR_PUBLIC_EMAIL: 'hola@marazulcharters.es',
    // The journeys are the proxy in front: a journey about a per-IP limit names its own client
    // address (X-Forwarded-For), so no other journey's requests on this server count against it.
    // Requests without the header are 127.0.0.1's, as before.
    TRUST_PROXY: '127.0.0.1',
    // E-mails leave the outbox within seconds, so a journey can wait for them.
    JOBS_INTERVAL_SECONDS: '2',
  },
});
const stop = () => {
  child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  void mail.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});

// The journeys run in several workers (E2E_WORKERS), each against its own server (its own embedded
// database, rate limits and mail catcher), so no journey's data, limits or e-mails meet another's
// running at the same time. Worker N (Playwright's TEST_PARALLEL_INDEX) uses the server on
// E2E_PORT + N; support/start-servers.js starts them all.
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
export const E2E_FIRST_PORT = Number(process.env.E2E_PORT ?? 3199);
const E2E_PORT = E2E_FIRST_PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** A server's mail catcher listens beside it, so the servers of a run never collide. */
export function mailPorts(appPort: number): { smtpPort: number; httpPort: number } {
  return { smtpPort: appPort + 1000, httpPort: appPort + 2000 };
}

/** The mail catcher of this worker's server. */
export const E2E_MAIL_PORTS = mailPorts(E2E_PORT);

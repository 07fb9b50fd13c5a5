// The journeys run in two workers, each against its own server (its own embedded database, rate
// limits and mail catcher), so no journey's data, limits or e-mails meet another's running at
// the same time. Worker N (Playwright's TEST_PARALLEL_INDEX) uses the server on E2E_PORT + N.
export const E2E_WORKERS = 2;
export const E2E_FIRST_PORT = Number(process.env.E2E_PORT ?? 3199);
const E2E_PORT = E2E_FIRST_PORT + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

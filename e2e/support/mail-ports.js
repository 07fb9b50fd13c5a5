// The journeys' mail catcher listens beside its server's port, so the two servers of a run
// (support/server.ts) and parallel checkouts never collide. In a journey, the worker's server.
const appPort = Number(process.env.E2E_PORT ?? 3199) + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const E2E_MAIL_PORTS = { smtpPort: appPort + 1000, httpPort: appPort + 2000 };

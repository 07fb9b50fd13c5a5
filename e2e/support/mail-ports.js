// The journeys' mail catcher listens beside the app's port, so parallel checkouts never collide.
const appPort = Number(process.env.E2E_PORT ?? 3199);
export const E2E_MAIL_PORTS = { smtpPort: appPort + 1000, httpPort: appPort + 2000 };

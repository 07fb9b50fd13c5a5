export declare const E2E_MAIL_PORTS: { smtpPort: number; httpPort: number };

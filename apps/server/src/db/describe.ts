import type { Config } from '../config';

/** Names the database without leaking a password. */
export function describeDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): string {
  if (!config.DATABASE_URL) return `embedded PostgreSQL in ${config.DATA_DIR}`;
  try {
    const url = new URL(config.DATABASE_URL);
    return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

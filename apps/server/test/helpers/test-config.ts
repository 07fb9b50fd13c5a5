import { loadConfig, type Config } from '../../src/config';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    JWT_SECRET: 'test-secret-test-secret-test-secret-000',
    SEED_DEMO_DATA: 'false',
    ...overrides,
  });
}

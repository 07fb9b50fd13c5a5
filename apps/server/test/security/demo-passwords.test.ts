// The production start's guard against published passwords covers every demo account: the
// demo crew's and the demo owners' passwords are refused like the demo admin's, whichever
// account carries them.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { hashPassword } from '../../src/modules/auth/password';
import { DEMO_ADMIN, DEMO_AGENT, DEMO_CREW, DEMO_OWNERS } from '../../src/seed/demo-fleet';
import { accountsWithDemoPassword } from '../../src/seed/demo-password-check';
import { buildTestApp } from '../helpers/test-app';

describe('demo passwords in a database about to start for production', async () => {
  const t = await buildTestApp({ template: 'demo' });

  it('the demo data has a crew account that signs in with the published crew password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/auth',
      payload: { email: DEMO_CREW.email, password: DEMO_CREW.password, remember: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: DEMO_CREW.email, role: 'crew' } });
  });

  it('names every demo account, and an account that took the crew password, until they change it', async () => {
    const demoAccounts = [
      DEMO_ADMIN.email,
      DEMO_CREW.email,
      DEMO_AGENT.email,
      ...DEMO_OWNERS.map((o) => o.account),
    ];
    expect((await accountsWithDemoPassword(t.ctx.db)).sort()).toEqual([...demoAccounts].sort());

    await t.ctx.db.insert(users).values({
      email: 'skipper@example.com',
      passwordHash: await hashPassword(DEMO_CREW.password),
      role: 'admin',
    });
    expect(await accountsWithDemoPassword(t.ctx.db)).toContain('skipper@example.com');

    const changed = await hashPassword('a-private-password-2026');
    for (const email of [...demoAccounts, 'skipper@example.com']) {
      await t.ctx.db.update(users).set({ passwordHash: changed }).where(eq(users.email, email));
    }
    expect(await accountsWithDemoPassword(t.ctx.db)).toEqual([]);
    // Every check is a deliberately slow scrypt verification: a dozen of them on a busy machine.
  }, 180_000);
});

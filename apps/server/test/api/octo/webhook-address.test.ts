// A reseller's webhook cannot be turned against the platform (docs/security.md#webhooks-reach-only-the-internet):
// delivered in production, it goes over https to a public address only, the name resolved at
// delivery and the address checked as it is dialled; registration refuses the plain cases. The
// resolver is the test's own: a name "resolves" to the address of each refused kind, so nothing
// is sent anywhere (a public address would be dialled: none is used here).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { postWebhook } from '../../../src/modules/octo/octo-webhooks';
import { isPublicAddress, type Resolve } from '../../../src/modules/resellers/webhook-address';
import { bearer, tokenFor } from '../../helpers/admin-token';
import { newReseller } from '../../helpers/reseller-fixture';
import { buildTestApp } from '../../helpers/test-app';

const NOT_PUBLIC = [
  '127.0.0.1',
  '10.1.2.3',
  '172.16.0.1',
  '192.168.1.1',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  '::1',
  '::',
  'fc00::1',
  'fd12:3456::1',
  'fe80::1',
  'fec0::1',
  '::ffff:127.0.0.1',
  '::ffff:a9fe:a9fe',
  '64:ff9b::a9fe:a9fe',
];

describe('webhooks reach only the internet', () => {
  it('tells public addresses from every other kind', () => {
    for (const address of NOT_PUBLIC) expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['8.8.8.8', '1.1.1.1', '2a00:1450:4003:80e::200e', '185.199.108.153']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses at delivery a name that resolves to any non-public address, and sends nothing', async () => {
    let received = 0;
    const receiver = createServer((_req, res) => {
      received += 1;
      res.end('ok');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    try {
      for (const address of NOT_PUBLIC) {
        const resolve: Resolve = async () => [{ address, family: address.includes(':') ? 6 : 4 }];
        await expect(
          postWebhook(`https://partner.example:${port}/octo`, '{}', {
            headers: {},
            publicOnly: true,
            resolve,
          }),
          address,
        ).rejects.toThrow(/not a public address/);
      }
      // One public address among private ones is still refused (rebinding between lookups).
      const mixed: Resolve = async () => [
        { address: '8.8.8.8', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ];
      await expect(
        postWebhook(`https://partner.example:${port}/octo`, '{}', {
          headers: {},
          publicOnly: true,
          resolve: mixed,
        }),
      ).rejects.toThrow(/not a public address/);
      // Addresses written in the URL, and plain http, are refused before any connection.
      for (const url of [
        `https://127.0.0.1:${port}/`,
        `https://[::ffff:127.0.0.1]:${port}/`,
        `https://[::]:${port}/`,
        `https://[fec0::1]:${port}/`,
        `http://partner.example:${port}/`,
      ]) {
        await expect(
          postWebhook(url, '{}', { headers: {}, publicOnly: true, resolve: async () => [] }),
          url,
        ).rejects.toThrow(/public address|https only/);
      }
      expect(received).toBe(0);
      // The same function outside production reaches the test's own receiver (what the demo does).
      await postWebhook(`http://127.0.0.1:${port}/octo`, '{}', {
        headers: {},
        publicOnly: false,
        resolve: async () => [],
      });
      expect(received).toBe(1);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('refuses at registration in production: http, localhost with or without its dot, an address that is not public', async () => {
    const t = await buildTestApp({ template: 'empty' });
    const viator = await newReseller(t, bearer(await tokenFor(t, 'admin')));
    // The check reads the setting at each call: production's rule without production's other
    // required settings (certificates, keys) that have nothing to do with it.
    Object.assign(t.ctx.config, { NODE_ENV: 'production' });
    for (const url of [
      'http://partner.example/octo',
      'https://localhost/octo',
      'https://localhost./octo',
      'https://api.localhost/octo',
      'https://[::ffff:127.0.0.1]/octo',
      'https://[::ffff:a9fe:a9fe]/octo',
      'https://[::]/octo',
      'https://100.64.0.1/octo',
      'https://[fec0::1]/octo',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/octo/webhooks',
        headers: { authorization: `Bearer ${viator.key}` },
        payload: { url, event: 'booking_update' },
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    }
    const fine = await t.app.inject({
      method: 'POST',
      url: '/octo/webhooks',
      headers: { authorization: `Bearer ${viator.key}` },
      payload: { url: 'https://partner.example/octo', event: 'booking_update' },
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});

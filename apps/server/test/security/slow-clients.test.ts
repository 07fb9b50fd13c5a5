// Clients that send their request slowly or hang up half-way, over a real socket: a slow body
// is cut after REQUEST_TIMEOUT_SECONDS, and a hang-up is logged as an aborted request, not as a
// database outage.
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/test-app';

const lines: { msg?: string }[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as { msg?: string });
    done();
  },
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('slow and vanishing clients', async () => {
  const t = await buildTestApp({ template: 'empty', env: { REQUEST_TIMEOUT_SECONDS: '2' }, logStream });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;

  const startPost = (contentLength: number): Socket => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      `POST /messages/messages HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${contentLength}\r\n\r\n`,
    );
    return socket;
  };

  it('closes a connection whose body trickles in one byte at a time after the request timeout', async () => {
    const socket = startPost(1000);
    const started = Date.now();
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
    // One byte every 300 ms: never idle long enough for an idle timeout, never complete.
    const trickle = setInterval(() => socket.writable && socket.write('x'), 300);
    const elapsed = await Promise.race([closed, sleep(10_000).then(() => Infinity)]);
    clearInterval(trickle);
    socket.destroy();
    expect(elapsed).toBeGreaterThanOrEqual(1900);
    expect(elapsed).toBeLessThan(4000);
  });

  it('logs a client that hangs up mid-body as an aborted request, not a database outage', async () => {
    const socket = startPost(1000);
    socket.write('{"name": "half a bo');
    await sleep(200);
    socket.destroy();
    await sleep(500);
    const messages = lines.map((l) => l.msg);
    expect(messages).toContain('request aborted by the client');
    expect(messages).not.toContain('database unavailable');
  });
});

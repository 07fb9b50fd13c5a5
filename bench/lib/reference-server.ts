// The reference ceiling: a bare Fastify hello-world on this machine, in its own process like
// the real server, so each scenario's figure can be read as a fraction of what Fastify can do.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

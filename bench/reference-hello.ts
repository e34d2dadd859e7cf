import Fastify from 'fastify';

/** Reference: bare Fastify answering a constant, the ceiling any route of the API is compared with. */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));

// The baseline for the server benchmark: a bare Hono route on the same Node, same adapter.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/bare', (c) =>
  c.json({ status: { success: true, code: 0, errorParameters: {} }, data: { ok: true } }),
);
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => {
  process.stdout.write('ready\n');
});
process.on('SIGTERM', () => server.close());

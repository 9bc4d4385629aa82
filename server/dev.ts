// npm run dev: the API server plus Vite's dev server in front of it (hot reload, proxied API).
// The dev origin is the public origin, so OAuth redirects and the demo app stay on the Vite port.
import { createServer } from 'vite';
import { startServer } from './start.ts';

const apiPort = Number(process.env.PORT ?? 8080);
const devPort = Number(process.env.DEV_PORT ?? 5173);
const devOrigin = `http://localhost:${devPort}`;

const api = await startServer({ port: apiPort, publicOrigin: devOrigin, logRequests: 'text' });
const vite = await createServer({ server: { port: devPort, strictPort: true } });
await vite.listen();
console.log(
  `Foyer dev: ${devOrigin} (Vite, proxying to the API on port ${apiPort}; public origin ${api.origin})`,
);
console.log(
  `Demo partner app: ${devOrigin}/demo-app — add ?inspect to the SPA address for the Stately inspector`,
);

const stop = async () => {
  await vite.close();
  await api.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

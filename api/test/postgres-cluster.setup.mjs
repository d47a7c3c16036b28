// One throwaway PostgreSQL cluster for the whole jest run; each test app gets its own database in it.
import { startPostgresCluster } from '@portfolio/stand-ins/postgres-cluster';
import { createServer } from 'node:net';

async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export default async function startCluster() {
  const cluster = await startPostgresCluster({ port: await freePort() });
  globalThis.postgresCluster = cluster;
  process.once('exit', () => cluster.stop()); // an interrupted run still removes it
  // the test workers start after this and inherit it
  process.env.TEST_POSTGRES_PORT = String(cluster.port);
}

import { Logger } from '@nestjs/common';
import pg from 'pg';
import type { Database, Queries } from './database.js';

/** Connections per replica: enough for a burst of submissions, few enough for several replicas on one server. */
const poolSize = 10;

const queriesOf = (client: pg.Pool | pg.PoolClient): Queries => ({
  query: async <Row>(sql: string, params: unknown[] = []) =>
    (await client.query<Row & pg.QueryResultRow>(sql, params)).rows,
  // without parameters node-postgres uses the simple protocol, which runs several statements
  exec: async (sql: string) => {
    await client.query(sql);
  },
});

/** PostgreSQL through node-postgres (pure JavaScript): a pool, and one client per transaction. */
export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000 });
  // an idle client losing its server must not crash the process; the next query reports the outage
  pool.on('error', (error) => new Logger('Storage').warn(`idle PostgreSQL connection lost: ${error.message}`));
  const { host, pathname } = new URL(url);
  const database: Database = {
    ...queriesOf(pool),
    transaction: async (work) => {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('begin');
        const result = await work(queriesOf(client));
        await client.query('commit');
        return result;
      } catch (error) {
        // a client whose rollback fails is not handed to the next caller
        await client.query('rollback').catch(() => (broken = true));
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
    description: `PostgreSQL at ${host || 'localhost'}${pathname} (DATABASE_URL)`,
  };
  try {
    await database.query('select 1'); // fail at start-up, with the server's own message, if it cannot be reached
  } catch (error) {
    await pool.end();
    throw error;
  }
  return database;
}

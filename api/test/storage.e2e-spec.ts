import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseRateLimitStore } from '../src/common/rate-limit-store.js';
import { openDatabase, type Database } from '../src/storage/database.js';
import { migrations } from '../src/storage/migrations.js';
import { pgliteSettings } from '../src/storage/pglite-database.js';
import { unpackTemplate } from '../src/storage/pglite-template.js';
import { freePort } from './free-port.js';
import { newDataDir, newStorage, openStorage, testStorage } from './test-storage.js';

describe(`storage on ${testStorage}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await openStorage(newStorage());
  });
  afterAll(() => database.close());

  it('is migrated to the latest step, and opening it again applies nothing twice', async () => {
    const versions = async () =>
      (await database.query<{ version: number }>('select version from schema_migrations order by version')).map(
        (row) => row.version,
      );
    expect(await versions()).toEqual(migrations.map((_step, index) => index + 1));
    const tables = await database.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['contact_messages', 'contact_passes', 'rate_limit_hits', 'settings']),
    );
  });

  it('undoes a transaction that fails half way', async () => {
    await database.query(`insert into settings (name, value) values ('kept', 'yes')`);
    await expect(
      database.transaction(async (tx) => {
        await tx.query(`update settings set value = 'changed' where name = 'kept'`);
        await tx.query(`insert into settings (name, value) values ('kept', 'twice')`); // primary key clash
      }),
    ).rejects.toThrow();
    expect(await database.query(`select value from settings where name = 'kept'`)).toEqual([{ value: 'yes' }]);
  });

  describe('the rate-limit counters', () => {
    const storeWith = (prefix: string, windowMs: number) => {
      const store = new DatabaseRateLimitStore(database, prefix);
      store.init({ windowMs } as Parameters<DatabaseRateLimitStore['init']>[0]);
      return store;
    };

    it('counts hits per client and window, and separate limits never share a count', async () => {
      const verify = storeWith('verify:', 60_000);
      const contact = storeWith('contact:', 60_000);
      const before = Date.now();
      const hits = [];
      for (let i = 0; i < 3; i += 1) hits.push((await verify.increment('203.0.113.1')).totalHits);
      expect(hits).toEqual([1, 2, 3]);
      expect((await verify.increment('203.0.113.2')).totalHits).toBe(1);
      const first = await contact.increment('203.0.113.1');
      expect(first.totalHits).toBe(1);
      const reset = first.resetTime!.getTime();
      expect(reset).toBeGreaterThanOrEqual(before + 59_000);
      expect(reset).toBeLessThanOrEqual(Date.now() + 61_000);
      expect(await verify.get('203.0.113.1')).toMatchObject({ totalHits: 3 });
    });

    it('starts again at one hit once the window has run out', async () => {
      const store = storeWith('short:', 60_000);
      await store.increment('198.51.100.9');
      expect((await store.increment('198.51.100.9')).totalHits).toBe(2);
      // a minute passes on the database's clock, which the counters read: their window ends are moved back by it
      const passTime = (secs: number) =>
        database.query(`update rate_limit_hits set reset_at = reset_at - make_interval(secs => $1)`, [secs]);
      await passTime(50);
      expect(await store.get('198.51.100.9')).toMatchObject({ totalHits: 2 }); // ten seconds of its window left
      await passTime(10);
      expect(await store.get('198.51.100.9')).toBeUndefined();
      expect((await store.increment('198.51.100.9')).totalHits).toBe(1);
    });

    it('counts every one of many hits arriving at once', async () => {
      const store = storeWith('burst:', 60_000);
      const results = await Promise.all(Array.from({ length: 40 }, () => store.increment('192.0.2.40')));
      expect(results.map((result) => result.totalHits).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 40 }, (_value, index) => index + 1),
      );
    });

    it('takes a hit back and forgets a client on request', async () => {
      const store = storeWith('undo:', 60_000);
      await store.increment('192.0.2.7');
      await store.increment('192.0.2.7');
      await store.decrement('192.0.2.7');
      expect(await store.get('192.0.2.7')).toMatchObject({ totalHits: 1 });
      await store.resetKey('192.0.2.7');
      expect(await store.get('192.0.2.7')).toBeUndefined();
    });
  });
});

describe(`a first start on ${testStorage}`, () => {
  it('creates the database from nothing', async () => {
    // PGlite: an empty folder and no template, so initdb runs (the other tests start on a copy of the template)
    const database =
      testStorage === 'pglite'
        ? await openDatabase({ databaseUrl: null, dataDir: newDataDir(), pgliteTemplate: null })
        : await openStorage(newStorage());
    try {
      const [row] = await database.query<{ count: number }>('select count(*)::int as count from schema_migrations');
      expect(row?.count).toBe(migrations.length);
    } finally {
      await database.close();
    }
  }, 60_000);
});

if (testStorage === 'pglite') {
  describe('the embedded database', () => {
    const systemOf = async (database: Database) => {
      const [row] = await database.query<{ id: string }>(
        'select system_identifier::text as id from pg_control_system()',
      );
      return row?.id;
    };
    /** The template the run made as the build makes it (pglite-template.setup.mjs). */
    const templateFile = () => {
      const file = process.env.TEST_PGLITE_TEMPLATE;
      if (!file) throw new Error('TEST_PGLITE_TEMPLATE is not set: the pglite jest project makes the template');
      return file;
    };

    it('starts an empty data folder from the template, without initdb, and runs with its own settings', async () => {
      const fromTemplate = await openDatabase({
        databaseUrl: null,
        dataDir: newDataDir(),
        pgliteTemplate: templateFile(),
      });
      const copied = await openStorage(newStorage());
      try {
        // initdb draws a new system identifier: the same one means the template's files, unpacked
        expect(await systemOf(fromTemplate)).toBe(await systemOf(copied));
        const [row] = await fromTemplate.query<{ count: number }>(
          'select count(*)::int as count from schema_migrations',
        );
        expect(row?.count).toBe(migrations.length);
        for (const [name, value] of Object.entries(pgliteSettings)) {
          expect(await fromTemplate.query(`show ${name}`)).toEqual([{ [name]: value }]);
        }
      } finally {
        await fromTemplate.close();
        await copied.close();
      }
    }, 60_000);

    it('leaves a data folder that holds anything alone', () => {
      const folder = path.join(newDataDir(), 'db');
      mkdirSync(folder);
      writeFileSync(path.join(folder, 'not-a-database'), 'mine');
      expect(unpackTemplate(templateFile(), folder)).toBe(false);
      expect(readdirSync(folder)).toEqual(['not-a-database']);
    });
  });
}

if (testStorage === 'postgres') {
  describe('a DATABASE_URL nobody answers', () => {
    it('stops start-up with the connection error, instead of serving without storage', async () => {
      const url = `postgres://portfolio@127.0.0.1:${await freePort()}/portfolio`;
      await expect(openDatabase({ databaseUrl: url, dataDir: newDataDir() })).rejects.toThrow(/ECONNREFUSED/);
    });
  });
}

// Opens the database the config names: embedded SQLite under CBOM_DATA_DIR (WAL, so the server and
// `cbom admin` can write while others read) or PostgreSQL when DATABASE_URL is set. Both come back
// as the same Kysely<Database>; repositories hide what little differs between the dialects.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly dialect: DialectName;
  /** Where the data lives, without credentials (for logs and /health). */
  readonly location: string;
  /**
   * SQLite only: a value that changes whenever the database may have changed since it was last
   * read, whoever wrote (this connection or another process sharing the file). Lets readers keep a
   * row between requests and still see every write at once (see keys.findForAuth). Absent on
   * PostgreSQL, which has no such cheap signal: readers query every time there.
   */
  readonly changeStamp?: () => string;
  /**
   * Runs a compiled SELECT and returns its rows. On SQLite the statement runs at once from the
   * prepared-statement cache unless a transaction is open on the connection: Kysely's driver first
   * queues every query behind its connection mutex and a chain of promises, which under concurrent
   * requests cost several times the query itself (measured in-process at 50 concurrent GET /health:
   * ~20 µs of CPU per query through Kysely, ~4 µs direct). Inside an open transaction the query goes
   * through Kysely and waits its turn, so it never reads another caller's uncommitted writes. For the
   * per-request reads (key check, key listing, health); other queries use Kysely as usual.
   */
  selectRows<R>(query: CompiledQuery<R>): Promise<R[]>;
  close(): Promise<void>;
}

export const SQLITE_FILE_NAME = 'cbom.sqlite';

/** How long a writer waits for another process's lock before SQLITE_BUSY. */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

const PG_INT8_OID = 20;

export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): DatabaseHandle {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openSqlite(path.join(config.dataDir, SQLITE_FILE_NAME));
}

function openSqlite(file: string): DatabaseHandle {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.pragma('foreign_keys = ON');
  // WAL + NORMAL is durable against application crashes; only an OS crash may lose the last commits.
  sqlite.pragma('synchronous = NORMAL');
  const writes = { count: 0 };
  const statements = withStatementCache(sqlite, writes);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  // PRAGMA data_version changes when another connection (another process: `cbom admin`, a worker)
  // commits; it does not change for this connection's own writes, which `writes` counts instead.
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  return {
    db,
    dialect: 'sqlite',
    location: file,
    changeStamp: () => `${dataVersion.get() as number}:${writes.count}`,
    selectRows<R>(query: CompiledQuery<R>): Promise<R[]> {
      if (!sqlite.inTransaction) {
        const stmt = statements.prepare(query.sql);
        if (!stmt.reader) throw new Error(`selectRows runs only queries that return rows: ${query.sql}`);
        // A statement still being iterated (a streamed read) cannot run twice at once.
        if (!stmt.busy) return Promise.resolve(stmt.all(query.parameters) as R[]);
      }
      return db.executeQuery(query).then((r) => r.rows);
    },
    close: () => db.destroy(),
  };
}

/** Most distinct SQL texts kept prepared; queries are built from a fixed set of shapes. */
const STATEMENT_CACHE_SIZE = 512;

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs more than running the
 * small indexed lookups the API makes (the key check runs on every request). better-sqlite3
 * statements are reusable, and every execution runs to completion synchronously (Kysely's, one at a
 * time on its single connection, and selectRows'), so the same prepared statement can serve every
 * execution of the same SQL text; only a statement being iterated is busy (selectRows checks).
 */
function withStatementCache(sqlite: SQLite.Database, writes: { count: number }): { close(): void; prepare(sqlText: string): SQLite.Statement } {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let stmt = cache.get(sqlText);
      if (stmt === undefined) {
        stmt = sqlite.prepare(sqlText);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
        cache.set(sqlText, stmt);
      }
      // Kysely prepares and runs in one synchronous step, so counting here, before the run, marks
      // every statement that may write (including begin/commit) with nothing in between.
      if (!stmt.reader) writes.count++;
      return stmt;
    },
  };
}

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // count(*) and other bigint results arrive as numbers, as on SQLite (they stay far below 2^53).
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === PG_INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const u = new URL(url);
  return {
    db,
    dialect: 'postgres',
    location: `postgres://${u.host}${u.pathname}`,
    selectRows: <R>(query: CompiledQuery<R>) => db.executeQuery(query).then((r) => r.rows),
    close: () => db.destroy(),
  };
}

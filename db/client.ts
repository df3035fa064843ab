import {
  createClient,
  LibsqlError,
  type Client,
  type InArgs,
  type InStatement,
  type Replicated,
  type ResultSet,
  type Transaction,
  type TransactionMode,
} from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { applyMigrations, readMigrationFolder, type MigrationSource } from "./migrate";
import * as schema from "./schema";

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

export type DbHandle = { db: Db; client: Client; embedded: boolean; close(): void };

/**
 * The file of an embedded database URL (`file:data/foam.db`, `file:///abs/foam.db?mode=rwc`), or null
 * for a libSQL server or an in-memory database.
 */
export function embeddedDatabasePath(url: string): string | null {
  if (!url.startsWith("file:") || url.includes("mode=memory")) return null;
  const path = url.slice("file:".length).replace(/^\/\/(?=\/)/, "").split("?")[0];
  return !path || path === ":memory:" ? null : path;
}

/** How long a statement waits for a lock held by another connection (synchronously, on the event loop). */
const BUSY_TIMEOUT_MS = 10_000;

/** `busyTimeoutMs`: how long a statement waits for another connection's lock (tests shorten it). */
export async function openDatabase(url: string, authToken?: string, { busyTimeoutMs = BUSY_TIMEOUT_MS } = {}): Promise<DbHandle> {
  const path = embeddedDatabasePath(url);
  if (path) mkdirSync(dirname(path), { recursive: true });
  const embedded = url.startsWith("file:");
  const open = async (): Promise<Client> => {
    const client = createClient({ url, authToken, timeout: busyTimeoutMs });
    try {
      if (embedded) {
        // WAL lets readers run beside the writer; FULL sync keeps every acknowledged write across a kill -9.
        await client.execute("PRAGMA journal_mode = WAL");
        await client.execute("PRAGMA synchronous = FULL");
      }
      await client.execute("PRAGMA foreign_keys = ON");
      return client;
    } catch (error) {
      client.close();
      throw error;
    }
  };
  // Only a database file can be reopened: an in-memory one would come back empty.
  const client = path ? await RecoveringClient.open(open) : await open();
  const db = drizzle(client, { schema }) as Db;
  return { db, client, embedded, close: () => client.close() };
}

/** SQLITE_BUSY or SQLITE_LOCKED (any extended code): another connection held the lock past the timeout. */
export function isBusyError(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, rawCode } = error as { code?: unknown; rawCode?: unknown };
  if (typeof rawCode === "number") return (rawCode & 0xff) === 5 || (rawCode & 0xff) === 6;
  return typeof code === "string" && /^SQLITE_(BUSY|LOCKED)/.test(code);
}

type Generation = { client: Client; users: number; retired: boolean };

/**
 * A client for a database file that survives SQLITE_BUSY.
 *
 * When a statement fails with SQLITE_BUSY, libSQL (libsql-js 0.5) leaves it un-reset: SQLite keeps
 * the statement active, so the connection it ran on never commits an autocommit write again. The
 * next write there "succeeds", takes the write lock and keeps it in a transaction that is never
 * committed, while `inTransaction` still reads false and ROLLBACK answers "no transaction is
 * active". Every other connection then fails with SQLITE_BUSY, and the acknowledged writes on that
 * one are lost when it closes (db/client.test.ts reproduces each). Only closing the connection
 * clears it, and @libsql/client does not say which of its pooled connections failed.
 *
 * So after a busy error this drops the whole underlying client (its "generation") and opens a fresh
 * one for what comes next. Transactions already open on the old one finish there (each owns its
 * connection); it is closed once nothing uses it. Operations that borrow a connection run one at a
 * time (they are synchronous in libSQL anyway), so none can pick up the failed connection between
 * the failure and its retirement.
 */
export class RecoveringClient implements Client {
  closed = false;
  protocol: string;
  #open: () => Promise<Client>;
  #current: Generation | null;
  #opening: Promise<Generation> | null = null;
  #all = new Set<Generation>();
  #tail: Promise<unknown> = Promise.resolve();

  private constructor(open: () => Promise<Client>, first: Client) {
    this.#open = open;
    this.protocol = first.protocol;
    this.#current = this.#adopt(first);
  }

  static async open(open: () => Promise<Client>): Promise<RecoveringClient> {
    return new RecoveringClient(open, await open());
  }

  #adopt(client: Client): Generation {
    const generation = { client, users: 0, retired: false };
    this.#all.add(generation);
    return generation;
  }

  async #generation(): Promise<Generation> {
    for (;;) {
      if (this.closed) throw new LibsqlError("The client is closed", "CLIENT_CLOSED");
      if (this.#current) return this.#current;
      // A failed reopen fails this operation; the next one tries again.
      this.#opening ??= this.#open()
        .then((client) => {
          if (this.closed) {
            client.close();
            throw new LibsqlError("The client is closed", "CLIENT_CLOSED");
          }
          return (this.#current = this.#adopt(client));
        })
        .finally(() => (this.#opening = null));
      await this.#opening;
    }
  }

  #retire(generation: Generation) {
    generation.retired = true;
    if (this.#current === generation) this.#current = null;
    this.#closeIfUnused(generation);
  }

  #leave(generation: Generation) {
    generation.users--;
    this.#closeIfUnused(generation);
  }

  #closeIfUnused(generation: Generation) {
    if (generation.retired && generation.users === 0 && this.#all.delete(generation)) generation.client.close();
  }

  /**
   * Runs `use` on the current generation once every earlier operation has settled, so a busy error
   * has retired its generation before the next operation borrows a connection.
   */
  #borrow<T>(use: (generation: Generation) => Promise<T>): Promise<T> {
    const run = this.#tail.then(async () => {
      const generation = await this.#generation();
      generation.users++;
      try {
        return await use(generation);
      } catch (error) {
        if (isBusyError(error)) this.#retire(generation);
        throw error;
      } finally {
        this.#leave(generation);
      }
    });
    this.#tail = run.catch(() => {});
    return run;
  }

  execute(stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
    return this.#borrow(({ client }) =>
      typeof stmtOrSql === "string" ? client.execute(stmtOrSql, args) : client.execute(stmtOrSql),
    );
  }

  batch(stmts: Array<InStatement | [string, InArgs?]>, mode?: TransactionMode): Promise<ResultSet[]> {
    return this.#borrow(({ client }) => client.batch(stmts, mode));
  }

  migrate(stmts: InStatement[]): Promise<ResultSet[]> {
    return this.#borrow(({ client }) => client.migrate(stmts));
  }

  executeMultiple(sql: string): Promise<void> {
    return this.#borrow(({ client }) => client.executeMultiple(sql));
  }

  sync(): Promise<Replicated> {
    return this.#borrow(({ client }) => client.sync());
  }

  transaction(mode?: TransactionMode): Promise<Transaction> {
    return this.#borrow(async (generation) => {
      const tx = await generation.client.transaction(mode);
      // The transaction keeps its generation in use until it settles.
      generation.users++;
      return new RecoveringTransaction(tx, (error) => isBusyError(error) && this.#retire(generation), () => this.#leave(generation));
    });
  }

  close(): void {
    this.closed = true;
    this.#current = null;
    for (const generation of this.#all) generation.client.close();
    this.#all.clear();
  }

  reconnect(): void {
    this.close();
    this.closed = false;
  }
}

class RecoveringTransaction implements Transaction {
  #tx: Transaction;
  #failed: (error: unknown) => void;
  #settled: (() => void) | null;

  constructor(tx: Transaction, failed: (error: unknown) => void, settled: () => void) {
    this.#tx = tx;
    this.#failed = failed;
    this.#settled = settled;
  }

  async #watch<T>(work: () => Promise<T>, settles = false): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.#failed(error);
      throw error;
    } finally {
      if (settles) this.#settle();
    }
  }

  #settle() {
    const settled = this.#settled;
    this.#settled = null;
    settled?.();
  }

  execute(stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
    return this.#watch(() => (typeof stmtOrSql === "string" ? this.#tx.execute({ sql: stmtOrSql, args: args ?? [] }) : this.#tx.execute(stmtOrSql)));
  }

  batch(stmts: InStatement[]): Promise<ResultSet[]> {
    return this.#watch(() => this.#tx.batch(stmts));
  }

  executeMultiple(sql: string): Promise<void> {
    return this.#watch(() => this.#tx.executeMultiple(sql));
  }

  commit(): Promise<void> {
    return this.#watch(() => this.#tx.commit(), true);
  }

  rollback(): Promise<void> {
    return this.#watch(() => this.#tx.rollback(), true);
  }

  close(): void {
    try {
      this.#tx.close();
    } finally {
      this.#settle();
    }
  }

  get closed(): boolean {
    return this.#tx.closed;
  }
}

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), "migrations");

let embeddedMigrations: MigrationSource[] | null = null;

/** The compiled binary has no migrations folder: its entry registers the SQL it embedded. */
export function useEmbeddedMigrations(migrations: MigrationSource[]): void {
  embeddedMigrations = migrations;
}

export async function migrateDatabase(db: Db): Promise<void> {
  await applyMigrations(db, embeddedMigrations ?? readMigrationFolder(migrationsFolder));
}

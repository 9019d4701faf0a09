import fs from 'node:fs'
import path from 'node:path'
import {DatabaseSync} from 'node:sqlite'

/**
 * The lake's SQLite file. WAL with `synchronous = FULL`: a transaction is on disk when COMMIT
 * returns, so anything the lake acknowledged survives `kill -9` (and a power cut). `secure_delete`:
 * what a delete frees is overwritten with zeros, so a purged document (decision 105) is not left
 * readable in the file's free pages; the commit writer also empties the write-ahead log after a purge.
 */
export function openDatabase(dataDir: string): DatabaseSync {
  fs.mkdirSync(dataDir, {recursive: true, mode: 0o700})
  const file = path.join(dataDir, 'lake.sqlite')
  // Created private before SQLite opens it: SQLite gives its -wal and -shm files the database's mode.
  fs.closeSync(fs.openSync(file, 'a', 0o600))
  const db = new DatabaseSync(file)
  db.exec(`
    PRAGMA journal_mode = WAL;
    PRAGMA synchronous = FULL;
    PRAGMA secure_delete = ON;
    PRAGMA busy_timeout = 5000;
    CREATE TABLE IF NOT EXISTS documents (
      dataset TEXT NOT NULL,
      id TEXT NOT NULL,
      doc TEXT NOT NULL,
      PRIMARY KEY (dataset, id)
    ) WITHOUT ROWID;
    -- One row per document a transaction changed: the transaction log behind history and restore.
    CREATE TABLE IF NOT EXISTS changes (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      dataset TEXT NOT NULL,
      tx_id TEXT NOT NULL,
      doc_id TEXT NOT NULL,
      timestamp TEXT NOT NULL,
      author TEXT NOT NULL,
      before TEXT,
      after TEXT,
      mutations TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS changes_by_document ON changes (dataset, doc_id, seq);
    CREATE INDEX IF NOT EXISTS changes_by_transaction ON changes (dataset, tx_id);
    -- The datasets of the project and who may read them (public or private), as hosted keeps them.
    CREATE TABLE IF NOT EXISTS datasets (
      name TEXT PRIMARY KEY,
      acl_mode TEXT NOT NULL,
      created_at TEXT NOT NULL
    ) WITHOUT ROWID;
    -- Studio sign-ins (lake/src/auth/studio-sign-in.ts): tokens are kept as SHA-256 hashes only. The
    -- plain-text sessions of an earlier version are signed out: they were never safe at rest.
    DROP TABLE IF EXISTS sessions;
    CREATE TABLE IF NOT EXISTS studio_sessions (
      token_hash TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      role TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS studio_devices (
      token_hash TEXT PRIMARY KEY,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    ) WITHOUT ROWID;
  `)
  return db
}

import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { parseArgs } from "./cli";
import { backupDatabase } from "../db/backup";

describe("command line", () => {
  test("flags become the environment the config reads", () => {
    const parsed = parseArgs(["--port", "4100", "--host=127.0.0.1", "--data-dir", "/srv/foam", "--database-url", "libsql://db.example", "--no-demo"], {});
    expect(parsed.command).toBe("serve");
    expect(parsed.env).toMatchObject({ PORT: "4100", HOST: "127.0.0.1", DATA_DIR: "/srv/foam", DATABASE_URL: "libsql://db.example", SEED_DEMO: "false" });
  });

  test("commands, help and bad options", () => {
    expect(parseArgs(["backup", "/tmp/x.db"], {})).toMatchObject({ command: "backup", positional: ["/tmp/x.db"] });
    expect(parseArgs(["--help"], {}).command).toBe("help");
    expect(() => parseArgs(["--bogus"], {})).toThrow("Unknown option --bogus");
    expect(() => parseArgs(["--port"], {})).toThrow("--port needs a value.");
    expect(() => parseArgs(["explode"], {})).toThrow('Unknown command "explode"');
  });
});

describe("backup", () => {
  test("copies a live WAL database consistently and refuses to overwrite", async () => {
    const dir = mkdtempSync(join(tmpdir(), "foam-backup-"));
    const client = createClient({ url: `file:${join(dir, "live.db")}` });
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("CREATE TABLE t (n INTEGER)");
    for (let n = 0; n < 50; n++) await client.execute({ sql: "INSERT INTO t VALUES (?)", args: [n] });
    const target = await backupDatabase(client, join(dir, "copy.db"));
    const copy = createClient({ url: `file:${target}` });
    expect((await copy.execute("SELECT count(*) AS c FROM t")).rows[0]!.c).toBe(50);
    expect((await copy.execute("PRAGMA integrity_check")).rows[0]![0]).toBe("ok");
    await expect(backupDatabase(client, target)).rejects.toThrow("Refusing to overwrite");
    copy.close();
    client.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

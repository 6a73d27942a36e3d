// Test support: a PostgreSQL cluster of a test's own, which it may stop and restart without disturbing the
// other tests (they share the cluster of scripts/with-postgres.sh). Built like that script builds its own.
import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The folder of PostgreSQL's server binaries: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin. */
export function postgresBinaries(): string | null {
  if (process.env.PG_BIN)
    return existsSync(path.join(process.env.PG_BIN, "initdb")) ? process.env.PG_BIN : null;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type PostgresCluster = {
  /** The `postgres` database of the cluster. */
  url: string;
  /** `pg_ctl restart -m fast`: every connection is ended (57P01), the server comes back on the same port. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`: connections end and new ones are refused until `start`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the cluster at once and removes its files. */
  destroy(): Promise<void>;
};

/** initdb and start a cluster in a new folder on a free port (as the `postgres` user when run as root). */
export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  const work = mkdtempSync(path.join(tmpdir(), "aula-pg-restart-"));
  const data = path.join(work, "data");
  const port = await freePort();
  // initdb refuses to run as root: the cluster belongs to the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    chownSync(work, Number(stdout.trim()), -1);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);
  const options = `-p ${port} -k ${work} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const log = path.join(work, "server.log");
  await pg("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  const start = () => pg("pg_ctl", ["-D", data, "-l", log, "-w", "-o", options, "start"]).then(() => {});
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () =>
      pg("pg_ctl", ["-D", data, "-l", log, "-w", "-m", "fast", "-o", options, "restart"]).then(() => {}),
    stop: () => pg("pg_ctl", ["-D", data, "-w", "-m", "fast", "stop"]).then(() => {}),
    start,
    async destroy() {
      await pg("pg_ctl", ["-D", data, "-m", "immediate", "stop"]).catch(() => {});
      rmSync(work, { recursive: true, force: true });
    },
  };
}

// Starts a throwaway PostgreSQL server on loopback for the test run, then stops it.
// Service start is denied on these machines, so the server is started by hand (../shared/TOOLCHAIN.md).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processTreeCpuSeconds } from './cpu-seconds.mjs';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function postgresBin() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root) && isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('[postgres] installing Debian postgresql with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env });
  }
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(a) - Number(b));
  const latest = versions.at(-1);
  return latest ? join(root, latest, 'bin') : undefined;
}

/** Runs a command as the postgres user when we are root (initdb refuses to run as root). */
function asPostgres(bin, args) {
  const options = { stdio: ['ignore', 'ignore', 'inherit'] };
  if (isRoot) execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], options);
  else execFileSync(bin, args, options);
}

/**
 * A server that lives for one run and is thrown away: no crash safety (fsync, full-page writes), no
 * WAL beyond what recovery needs (nothing replicates or archives it), and no autovacuum (each test's
 * database lives for seconds; test/bff/hot-query-plans.spec.ts runs ANALYZE itself). Together about a
 * sixth of the server's CPU in the PostgreSQL run (bench/README.md). `synchronous_commit` stays on:
 * test/bff/inbox-batches.spec.ts checks that a commit is synced.
 */
const throwawayServerSettings = '-c fsync=off -c full_page_writes=off -c wal_level=minimal -c max_wal_senders=0 -c autovacuum=off';

/**
 * Where the server's files go: in memory (/dev/shm) when the machine has room there, else the temp
 * folder. Each test database is a copy of the migrated template (`CREATE DATABASE … STRATEGY
 * file_copy`: some 430 files, 9 MB) and is dropped after its test; on a disk's file system the kernel's
 * work of creating, writing and unlinking those files was about 0.2 CPU-s a database, most of the
 * server's CPU in the PostgreSQL run, and on tmpfs it is about a hundredth of a second (bench/README.md).
 * The server already keeps nothing through a crash (fsync=off), so memory loses nothing a run needs.
 */
function serverRoot() {
  try {
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize >= 2 ** 30) return '/dev/shm';
  } catch {
    // no /dev/shm here
  }
  return tmpdir();
}

/**
 * Calls `body(databaseUrl)` with a fresh server, or `body(undefined)` when none can run here.
 * The port: `options.port`, else TEST_PG_PORT, else 54329. `options.onCpuSeconds`, when given, hears
 * the CPU seconds the server spent, just before it stops.
 */
export async function withPostgres(body, options = {}) {
  const bin = postgresBin();
  if (!bin) {
    console.error('[postgres] no PostgreSQL server binaries; install the Debian package `postgresql`.');
    return body(undefined);
  }
  const port = String(options.port ?? process.env.TEST_PG_PORT ?? '54329');
  const dir = mkdtempSync(join(serverRoot(), 'svc-pg-'));
  if (isRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
  const data = join(dir, 'data');
  try {
    asPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=200 ${throwawayServerSettings}`, 'start']);
  } catch (error) {
    console.error(`[postgres] could not start a server: ${error.message}`);
    rmSync(dir, { recursive: true, force: true });
    return body(undefined);
  }
  try {
    return await body(`postgres://postgres@127.0.0.1:${port}/postgres`);
  } finally {
    options.onCpuSeconds?.(serverCpuSeconds(data));
    try {
      asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']);
    } catch {
      // The server may already be gone; the folder is removed either way.
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The postmaster's CPU with its backends' (live or reaped); its pid is the first line of postmaster.pid. */
function serverCpuSeconds(data) {
  try {
    return processTreeCpuSeconds(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0].trim());
  } catch {
    return 0;
  }
}

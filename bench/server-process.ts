// A server of the project run as a child process (node --import tsx <entry>, or plain node for a
// built .js entry), so the load
// generator in the bench process never shares its event loop and its memory can be read from
// /proc. Its output goes to a log file (as under a process manager), where the "name  url" line
// every entry prints at start gives the ephemeral port.
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

export interface ServerProcess {
  url: string;
  pid: number;
  logFile: string;
  /** Peak resident set size so far (VmHWM), in bytes. */
  peakRssBytes(): number;
  /** CPU time it has used so far (user + system), in seconds. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/**
 * User + system CPU time of a process so far, in seconds, from /proc/<pid>/stat (clock ticks of
 * 1/100 s). Unlike a rate, CPU per request does not move when other work on the machine takes turns.
 */
export function procCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which sits in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** VmHWM (peak RSS) or VmRSS of a process, in bytes, from /proc/<pid>/status. */
export function procStatusBytes(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  if (kB === undefined) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(kB) * 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts `entry` (a path from the project root, or absolute) with exactly `env` (plus PATH), waits for the line
 * `<name>  http://…` on its output, and returns its URL and pid.
 */
export async function startServerProcess(entry: string, env: Record<string, string>, logDirectory: string, name: string, nodeFlags: readonly string[] = []): Promise<ServerProcess> {
  const logFile = join(logDirectory, `${name}.log`);
  const out = openSync(logFile, 'w');
  // BENCH_CPU_PROFILE_DIR=<dir>: each server writes a V8 CPU profile there when it stops (the
  // findings in bench/README.md came from these).
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
  // A folder per server: the module-loader thread writes a profile of its own beside the main one.
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, name)}`] : [];
  // A built entry (.js, e.g. the BFF bundle) runs on plain node as in production; sources under tsx.
  const loader = entry.endsWith('.js') ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...profiling, ...nodeFlags, ...loader, resolve(projectRoot, entry)], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${entry} did not start`);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killed = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited(child);
    clearTimeout(killed);
  };
  const urlLine = /^\S+\s+(http:\/\/127\.0\.0\.1:\d+)\s*$/m;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(50)) {
    if (child.exitCode !== null) throw new Error(`${entry} exited with ${child.exitCode}:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
    const url = urlLine.exec(readFileSync(logFile, 'utf8'))?.[1];
    if (url) return { url, pid, logFile, peakRssBytes: () => procStatusBytes(pid, 'VmHWM'), cpuSeconds: () => procCpuSeconds(pid), stop };
  }
  await stop();
  throw new Error(`${entry} printed no URL within 60 s (log: ${logFile})`);
}

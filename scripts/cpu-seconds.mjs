// CPU seconds (user + system) spent by processes, read from /proc (Linux; 0 elsewhere).
// `npm test` reports its own: every runner it waited for (their browsers and workers included,
// since each parent waits for its children), plus the PostgreSQL server, which pg_ctl detaches.
import { readdirSync, readFileSync } from 'node:fs';

const ticksPerSecond = 100; // USER_HZ: 100 on every Linux the project runs on (getconf CLK_TCK)

/** [pid, ppid, utime, stime, cutime, cstime] of /proc/<pid>/stat, or undefined when gone. */
function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), own: Number(fields[11]) + Number(fields[12]), children: Number(fields[13]) + Number(fields[14]) };
  } catch {
    return undefined;
  }
}

/** CPU seconds of the children this process has waited for. */
export function waitedChildrenCpuSeconds() {
  return (stat('self')?.children ?? 0) / ticksPerSecond;
}

/** CPU seconds of a process, of the children it waited for, and of its live children. */
export function processTreeCpuSeconds(pid) {
  const root = stat(pid);
  if (!root) return 0;
  let ticks = root.own + root.children;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(entry);
    if (child?.ppid === Number(pid)) ticks += child.own + child.children;
  }
  return ticks / ticksPerSecond;
}

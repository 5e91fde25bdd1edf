// `npm start`'s build, quietly: hundreds of lines of bundler output go to a log file, and the
// terminal gets one line (or, when the build fails, its last lines and where the rest is).
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface QuietBuildResult {
  ok: boolean;
  /** What to print: one line on success; the failure's tail and the log's path otherwise. */
  report: string;
}

/** Runs `command args` with its stdout and stderr in `logFile` (replaced each run). */
export function quietBuild(command: string, args: string[], logFile: string, tailLines = 30): QuietBuildResult {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = openSync(logFile, 'w');
  const started = performance.now();
  let build: ReturnType<typeof spawnSync>;
  try {
    build = spawnSync(command, args, { stdio: ['ignore', log, log] });
  } finally {
    closeSync(log);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (build.status === 0) return { ok: true, report: `  built in ${seconds} s (output in ${logFile}; --no-build skips the build)` };
  const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n');
  const why = build.error ? build.error.message : `exit ${build.status ?? build.signal}`;
  return { ok: false, report: `${lines.slice(-tailLines).join('\n')}\n\n  the build failed (${why}); its whole output is in ${logFile}` };
}

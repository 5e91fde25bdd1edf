// Runs one command and writes the CPU seconds its whole process tree spent to a file: the tree's
// processes are waited for by their parents, so they all add up in this process's children's time.
// Usage: node scripts/measured.mjs <cpu-file> <command> [args…]; exits with the command's status.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { waitedChildrenCpuSeconds } from './cpu-seconds.mjs';

const [cpuFile, command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  console.error(`${command}: ${error.message}`);
  process.exit(1);
});
child.on('close', (code, signal) => {
  writeFileSync(cpuFile, String(waitedChildrenCpuSeconds()));
  process.exit(code ?? (signal ? 1 : 0));
});

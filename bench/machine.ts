// What the figures were measured on: speed ratios only mean something next to it.
import { cpus, loadavg, release, totalmem } from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGB: number;
  kernel: string;
  node: string;
  /** 1-minute load average when the run started and when it ended (other work on the machine). */
  loadAtStart: number;
  loadAtEnd?: number;
}

export function describeMachine(): Machine {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGB: Math.round(totalmem() / 1e9),
    kernel: `Linux ${release()}`,
    node: process.version,
    loadAtStart: loadavg()[0] ?? 0,
  };
}

export function currentLoad(): number {
  return loadavg()[0] ?? 0;
}

export function formatMachine(machine: Machine): string {
  const load = `load average ${machine.loadAtStart.toFixed(2)} at start${machine.loadAtEnd === undefined ? '' : `, ${machine.loadAtEnd.toFixed(2)} at end`}`;
  return `${machine.cores} × ${machine.cpu}, ${machine.memoryGB} GB, ${machine.kernel}, Node ${machine.node}; ${load}`;
}

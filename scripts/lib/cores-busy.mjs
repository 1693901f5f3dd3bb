// How busy the machine's cores were over a stretch of time, from the kernel's counters
// (/proc/stat, Linux): what share of the cores' time went to work rather than idling. A CI
// step that keeps them busy can only be made shorter by doing less; one that leaves them idle
// is waiting (on timers, on other processes) and could run beside another step.
import fs from 'node:fs';

/** The cores' time so far, idle and in all, from the text of /proc/stat; null where there is none. */
export function coreTimes(procStat = readProcStat()) {
  const line = procStat?.split('\n').find((row) => row.startsWith('cpu '));
  if (!line) return null;
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: idle and waiting on the disk count as not busy.
  return { idle: ticks[3] + (ticks[4] ?? 0), total: ticks.slice(0, 8).reduce((sum, tick) => sum + tick, 0) };
}

/** The share (0 to 1) of the cores' time between two readings that was busy; null without both. */
export function busyShare(before, after) {
  if (!before || !after || after.total <= before.total) return null;
  return 1 - (after.idle - before.idle) / (after.total - before.total);
}

function readProcStat() {
  try {
    return fs.readFileSync('/proc/stat', 'utf8');
  } catch {
    return null;
  }
}

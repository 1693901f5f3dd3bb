import assert from 'node:assert/strict';
import { test } from 'node:test';
import { busyShare, coreTimes } from './cores-busy.mjs';

const stat = (user, idle, iowait) => `cpu  ${user} 0 100 ${idle} ${iowait} 0 0 0 0 0\ncpu0 1 2 3 4 5 6 7 8 9 10\nintr 1 2 3\n`;

test('the busy share is the work over all the time between two readings, waiting on the disk counted as idle', () => {
  const before = coreTimes(stat(1000, 5000, 0));
  const after = coreTimes(stat(1600, 5300, 100));
  // 600 ticks of work and 400 not busy (300 idle, 100 waiting on the disk).
  assert.equal(busyShare(before, after), 0.6);
});

test('no reading, or none between the two, gives no share', () => {
  assert.equal(coreTimes(null), null);
  assert.equal(coreTimes('intr 1 2 3\n'), null);
  assert.equal(busyShare(null, coreTimes(stat(1, 1, 1))), null);
  const reading = coreTimes(stat(10, 10, 0));
  assert.equal(busyShare(reading, reading), null);
});

test('reads this machine’s counters on Linux, and gives none elsewhere', () => {
  const now = coreTimes();
  if (process.platform === 'linux') assert.ok(now && now.total > 0 && now.idle <= now.total);
  else assert.equal(now, null);
});

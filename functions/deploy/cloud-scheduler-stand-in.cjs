// Cloud Scheduler for the emulated stack (deploy/emulator-stack.ts). The Functions emulator
// runs scheduled functions only beside the Pub/Sub emulator, which downloads itself at its
// first start and so cannot run offline. On Firebase, Cloud Scheduler calls each scheduled
// function on its schedule; here this process does, as an instance of its own with the
// functions' settings (its environment), from the same bundle.
//   node cloud-scheduler-stand-in.cjs <bundle folder> <function>=<every ms> ...
const path = require('node:path');

const [bundleDir, ...schedules] = process.argv.slice(2);
const functions = require(path.join(path.resolve(bundleDir), 'index.js'));

const firstRuns = [];
for (const schedule of schedules) {
  const [name, everyMs] = schedule.split('=');
  const scheduled = functions[name];
  if (typeof scheduled?.run !== 'function') throw new Error(`${name} is not a scheduled function of the bundle`);
  let running = false;
  const run = async () => {
    // One run at a time, as Cloud Scheduler with a single instance allowed.
    if (running) return;
    running = true;
    try {
      await scheduled.run({ jobName: `firebase-schedule-${name}`, scheduleTime: new Date().toISOString() });
    } catch (error) {
      console.error(`scheduled run of ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      running = false;
    }
  };
  firstRuns.push(run());
  setInterval(run, Number(everyMs));
}
void Promise.all(firstRuns).then(() => console.log(`Cloud Scheduler stand-in: ${schedules.join(', ')}; first runs done`));

// What a benchmark starts, it stops: its PostgreSQL cluster, a stack it spawned. The steps registered
// here run once, in reverse order, when the script ends, fails (an exception, a rejected top-level
// await) or is interrupted (Ctrl-C, SIGTERM, SIGHUP); each is synchronous, since an exiting process
// runs no more asynchronous work.
const steps = [];
let done = false;

function runAll() {
  if (done) return;
  done = true;
  for (const step of steps.reverse()) {
    try {
      step();
    } catch (error) {
      console.error(`al terminar: ${error.message}`);
    }
  }
}

let installed = false;
function install() {
  if (installed) return;
  installed = true;
  process.on('exit', runAll);
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ]) {
    process.on(signal, () => {
      console.error(`\n${signal}: se detiene lo que el banco de pruebas arrancó…`);
      runAll();
      process.exit(code);
    });
  }
}

/** Runs `step` (synchronous) when the process ends, however it ends. */
export function atExit(step) {
  install();
  steps.push(step);
}

// The simulation worker, started as early as the page can (issue 41): index.html's first script
// (src/boot.ts, a few hundred bytes) starts it while the page's main script is still loading, so
// the worker's script, the first wasm module's compilation and the page's own script load and
// run side by side instead of one after the other. The page's SimClient takes that worker; a
// worker started later (after a cancel or a crash, or without the boot script) starts here too.
import { handFirstModule } from './firstModule';

let early: Worker | null = null;

/** A new simulation worker, handed the first module's bytes (./firstModule.ts). */
export function startSimWorker(): Worker {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'sim' });
  handFirstModule(worker);
  return worker;
}

/** Starts the page's first simulation worker now (src/boot.ts). */
export function startEarly(): void {
  early ??= startSimWorker();
}

/** The worker startEarly started, once (the SimClient's first); else a new one. */
export function takeSimWorker(): Worker {
  const worker = early ?? startSimWorker();
  early = null;
  return worker;
}

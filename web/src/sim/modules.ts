/// <reference lib="webworker" />
// The simulation worker's two wasm modules (issue 41): the first module (pkg-first, about a
// third of the full one's size: FIFO, the traffic sources, the engine, the results; see
// wasm-core/sim/src/first.rs) loads first and runs the first scenario, the default; the full
// module (pkg) loads once the page has that run on screen (or when a call needs it, or a few
// seconds after the first module is ready when nothing runs on it), and answers everything else. No simulation rules here: which scenarios the first module runs is
// the core's to say (it throws a NeedsFull for the others).
import initFull from '../../../wasm-core/wasm/pkg/sched_wasm.js';
import initFirst, * as first from '../../../wasm-core/wasm/pkg-first/sched_wasm_first.js';
import type { FirstModuleMessage, RunShownMessage } from './firstModule';

/** The first module's bytes as the page hands them over (./firstModule.ts); null: fetch them here. */
const handed = new Promise<ArrayBuffer | null>((resolve) => {
  const take = (event: MessageEvent<Partial<FirstModuleMessage> | null>) => {
    if (event.data?.firstModule === undefined) return;
    self.removeEventListener('message', take);
    resolve(event.data.firstModule);
  };
  self.addEventListener('message', take);
});

/** Resolves once the first module is ready: false when it could not load (the full one then does everything). */
const firstReady: Promise<boolean> = handed
  .then((bytes) => initFirst(bytes ? { module_or_path: bytes } : undefined))
  .then(() => true, () => false);

/** Settles when the run on the first module is over (or at once when none is). */
let firstRun: Promise<void> = Promise.resolve();
let endFirstRun: () => void = () => undefined;

let fullLoaded = false;

let startFull: () => void = () => undefined;
const fullStarted = new Promise<void>((resolve) => {
  startFull = resolve;
});

/** Resolves once the full module is ready, without hastening it (the catalogs wait so). */
export const fullReady: Promise<void> = fullStarted
  .then(() => initFull())
  .then(() => {
    fullLoaded = true;
  });

/** Resolves when the page says its first run is on screen (./firstModule.ts, `afterRunShown`). */
const runShown = new Promise<void>((resolve) => {
  const hear = (event: MessageEvent<Partial<RunShownMessage> | null>) => {
    if (event.data?.runShown !== true) return;
    self.removeEventListener('message', hear);
    resolve();
  };
  self.addEventListener('message', hear);
});

/** When nothing tells the worker to load the full module, it loads this long after the first module is ready. */
const FULL_MODULE_FALLBACK_MS = 3000;

// The full module's download and compilation start once the page has the first run on screen,
// so that they do not share the network and the cores with the default scenario's run and first
// render; or sooner, when a call needs the full module (`needFull`); or, when the page runs
// nothing, a while after the first module is ready (never during a run on it).
void Promise.race([
  runShown,
  firstReady
    .then(() => new Promise<void>((resolve) => setTimeout(resolve, FULL_MODULE_FALLBACK_MS)))
    .then(() => firstRun),
]).then(startFull);

/** Resolves once the full module is ready, starting its load now unless a run on the first module is under way. */
export function needFull(): Promise<void> {
  void firstRun.then(startFull);
  return fullReady;
}

/**
 * A run of `scenarioText` started on the first module, when the full module is not loaded yet
 * and the first one runs the scenario; null otherwise (start it on the full module). Call
 * `firstRunOver` once the run is finished or failed.
 */
export async function startOnFirst(scenarioText: string, maxTraceEvents: number): Promise<first.RunHandle | null> {
  if (fullLoaded) return null;
  firstRun = new Promise((resolve) => {
    endFirstRun = resolve;
  });
  if (!(await firstReady)) {
    endFirstRun();
    return null;
  }
  try {
    return first.start_run(scenarioText, maxTraceEvents);
  } catch (err) {
    endFirstRun();
    if (err instanceof first.NeedsFull) {
      err.free();
      return null;
    }
    throw err;
  }
}

/** The run started by `startOnFirst` is over: the full module may load. */
export function firstRunOver(): void {
  endFirstRun();
}

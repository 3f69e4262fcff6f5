// The page's side of the worker's first wasm module (./modules.ts, issue 41): index.html preloads
// its file beside the page's own scripts (web/firstModulePreload.ts), and the page hands the bytes
// to each simulation worker it starts, which would otherwise fetch them itself only once its own
// script has loaded and started.

/** What the page posts to a new worker: the first module's bytes, or null (the worker then fetches them). */
export interface FirstModuleMessage {
  firstModule: ArrayBuffer | null;
}

/** What the page posts once a run is on screen: the worker may load the full module now. */
export interface RunShownMessage {
  runShown: true;
}

/** The same file (and so the same asset URL) as the worker's glue code loads. */
const firstModuleUrl = new URL('../../../wasm-core/wasm/pkg-first/sched_wasm_first_bg.wasm', import.meta.url);

let bytes: Promise<ArrayBuffer | null> | null = null;

/** Sends the first module's bytes (answered by the preload) to a newly started simulation worker. */
export function handFirstModule(worker: Worker): void {
  bytes ??= fetch(firstModuleUrl).then((r) => (r.ok ? r.arrayBuffer() : null), () => null);
  void bytes.then((b) => {
    const copy = b ? b.slice(0) : null;
    const message: FirstModuleMessage = { firstModule: copy };
    worker.postMessage(message, copy ? [copy] : []);
  });
}

const told = new WeakSet<Worker>();

/**
 * Tells `worker`, once `run` has settled and the page has drawn two frames after it (the run on
 * screen, its playback started), that the full module may load: its download and compilation
 * then do not share the cores with the page's first render (./modules.ts). Once per worker.
 */
export function afterRunShown(worker: Worker, run: Promise<unknown>): void {
  if (told.has(worker)) return;
  told.add(worker);
  const frame = (then: () => void) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(then, 0));
    else setTimeout(then, 0);
  };
  const tell = () => {
    const message: RunShownMessage = { runShown: true };
    worker.postMessage(message);
  };
  void run.then(
    () => frame(() => frame(tell)),
    () => frame(tell),
  );
}

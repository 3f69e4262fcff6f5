// The main thread's handle on the simulation worker: a typed, promise-based API.
// Cancel = terminate and recreate; a crashed worker is replaced and the caller told why.
import { takeSimWorker } from './earlyWorker';
import { afterRunShown } from './firstModule';
import { connect, type Remote } from './rpc';
import type { SimWorkerApi } from './worker';
import type { RunPhase, RunResult } from './types';

/** Trace budget: events handed to the page for animation (metrics always cover the full run). */
export const DEFAULT_MAX_TRACE_EVENTS = 2_000_000;

export class SimCancelled extends Error {
  constructor() {
    super('The run was cancelled.');
    this.name = 'SimCancelled';
  }
}

export class SimCrashed extends Error {
  constructor(detail: string) {
    super(`The simulation worker crashed (${detail}); it has been restarted.`);
    this.name = 'SimCrashed';
  }
}

/** A run's estimated work, as the core checked it before simulating (sched_sim::budget). */
export interface RunWork {
  readonly cpu_ns: number;
  readonly memory_bytes: number;
  /** "about 40 s of CPU, about 80 MB". */
  readonly describe: string;
}

export interface SimClientLike {
  /**
   * Runs a scenario (checked once, in the worker: a refusal rejects with "path: problem");
   * `onProgress` hears the fraction (0..1) of each phase done as the run goes (simulating, the
   * core's summary, the playback index: all in the worker), `onWork` the run's estimated work
   * before it simulates.
   */
  run(scenarioText: string, onProgress?: (progress: number, phase: RunPhase) => void, maxTraceEvents?: number, onWork?: (work: RunWork) => void): Promise<RunResult>;
  /**
   * One run of a comparison: the scenario with `variant` (JSON {"scheduler", "routers"?})
   * applied, same seed; keeps at most `maxTraceEvents` trace events for playback.
   */
  runVariant(scenarioText: string, variant: string, onProgress: (progress: number) => void, maxTraceEvents: number): Promise<RunResult>;
  /** Records the scenario's run and replays its schedule with `mode` (summary.replays[0] is the report), reporting progress 0..1. */
  replay(scenarioText: string, mode: string, onProgress?: (progress: number) => void): Promise<RunResult>;
  validate(scenarioText: string): Promise<string | null>;
  /**
   * Checks a scenario as its run will be (rejects with "path: problem"): the worker keeps the
   * run it started for the `run` of the same text that follows, so that Run does not check it
   * again. Cancel stops it like a run.
   */
  check(scenarioText: string, maxTraceEvents?: number): Promise<RunWork>;
  /** The scheduler registry, JSON text. */
  schedulers(): Promise<string>;
  /** The preset catalog, JSON text. */
  presets(): Promise<string>;
  /** The replay modes, their names and defaults: JSON text of the core's ReplayCatalog. */
  replayCatalog(): Promise<string>;
  /** Each of `groups` groups' FCT CDF from the core (JSON number[][]): completed flow i is in group[i] and took fctNs[i] ns. */
  fctCdfs(groups: number, group: Uint32Array, fctNs: Float64Array): Promise<string>;
  /** The scenario as the editor edits it: preset expanded, node_schedulers folded (rejects with "path: problem"). */
  editable(scenarioText: string): Promise<string>;
  /** Which scheduler each port runs and the field that chose it, JSON text (rejects with "path: problem"). */
  portSchedulers(scenarioText: string): Promise<string>;
  /** The gap Delta(t) between two runs' `dequeues` (JSON texts) at the end of `windows` windows of [0, endNs]: the core's GapOut as JSON text. */
  gap(a: string, b: string, endNs: number, windows: number): Promise<string>;
  /** The scenario's checks on a run with its seed: JSON text of the core's CheckReportOut (rejects with "path: problem"). */
  checks(scenarioText: string): Promise<string>;
  cancel(): void;
}

type WorkerFactory = () => Worker;

/** One fraction for a whole run from its phases': simulating to 0.9, the summary and the playback index after. */
export function overall(onProgress: (progress: number) => void): (p: number, phase: RunPhase) => void {
  return (p, phase) => onProgress(phase === 'simulating' ? 0.9 * p : phase === 'summarising' ? 0.9 : 0.9 + 0.1 * p);
}

/**
 * Errors after which the wasm instance cannot be trusted: a trap (a panic is `unreachable`, an
 * out-of-bounds access) or memory that could not grow.
 */
function isTrap(err: Error): boolean {
  return err.name === 'RuntimeError' || (err.name === 'RangeError' && /memory|allocation/i.test(err.message));
}

/** The reason shown for a trap: running out of memory named as such. */
function trapReason(err: Error): string {
  return err.name === 'RangeError' || /memory|allocation/i.test(err.message) ? `out of memory: ${err.message}` : err.message;
}

/** The worker src/boot.ts started (the first time), else a new one (./earlyWorker.ts). */
const defaultFactory: WorkerFactory = takeSimWorker;

export class SimClient implements SimClientLike {
  private worker!: Worker;
  private remote!: Remote<SimWorkerApi>;
  /** Rejects the calls in flight on the current worker (cancel or crash). */
  private abortAll!: (reason: Error) => void;
  private aborted!: Promise<never>;

  constructor(private readonly factory: WorkerFactory = defaultFactory) {
    this.start();
  }

  run(scenarioText: string, onProgress?: (progress: number, phase: RunPhase) => void, maxTraceEvents = DEFAULT_MAX_TRACE_EVENTS, onWork?: (work: RunWork) => void): Promise<RunResult> {
    const work = onWork ? (text: string) => onWork(JSON.parse(text) as RunWork) : undefined;
    const result = this.call((api) => api.run(scenarioText, maxTraceEvents, onProgress, work));
    afterRunShown(this.worker, result);
    return result;
  }

  runVariant(scenarioText: string, variant: string, onProgress: (progress: number) => void, maxTraceEvents: number): Promise<RunResult> {
    return this.call((api) => api.runVariant(scenarioText, variant, maxTraceEvents, overall(onProgress)));
  }

  replay(scenarioText: string, mode: string, onProgress?: (progress: number) => void, maxTraceEvents = DEFAULT_MAX_TRACE_EVENTS): Promise<RunResult> {
    return this.call((api) => api.replay(scenarioText, mode, maxTraceEvents, onProgress ? overall(onProgress) : undefined));
  }

  validate(scenarioText: string): Promise<string | null> {
    return this.call((api) => api.validate(scenarioText));
  }

  async check(scenarioText: string, maxTraceEvents = DEFAULT_MAX_TRACE_EVENTS): Promise<RunWork> {
    return JSON.parse(await this.call((api) => api.check(scenarioText, maxTraceEvents))) as RunWork;
  }

  schedulers(): Promise<string> {
    return this.call((api) => api.schedulers());
  }

  presets(): Promise<string> {
    return this.call((api) => api.presets());
  }

  replayCatalog(): Promise<string> {
    return this.call((api) => api.replayCatalog());
  }

  fctCdfs(groups: number, group: Uint32Array, fctNs: Float64Array): Promise<string> {
    return this.call((api) => api.fctCdfs(groups, group, fctNs));
  }

  editable(scenarioText: string): Promise<string> {
    return this.call((api) => api.editable(scenarioText));
  }

  portSchedulers(scenarioText: string): Promise<string> {
    return this.call((api) => api.portSchedulers(scenarioText));
  }

  gap(a: string, b: string, endNs: number, windows: number): Promise<string> {
    return this.call((api) => api.gap(a, b, endNs, windows));
  }

  checks(scenarioText: string): Promise<string> {
    return this.call((api) => api.checks(scenarioText));
  }

  /** Stops whatever the worker is doing: its pending calls reject with SimCancelled. */
  cancel(): void {
    this.restart(new SimCancelled());
  }

  dispose(): void {
    this.abortAll(new SimCancelled());
    this.worker.terminate();
  }

  private async call<T>(fn: (api: Remote<SimWorkerApi>) => Promise<T>): Promise<T> {
    try {
      return await Promise.race([fn(this.remote), this.aborted]);
    } catch (err) {
      // A wasm trap (panic, out of bounds) leaves the instance unusable: replace the worker.
      if (err instanceof Error && isTrap(err)) {
        const crash = new SimCrashed(trapReason(err));
        this.restart(crash);
        throw crash;
      }
      throw err;
    }
  }

  private start(): void {
    const worker = this.factory();
    this.worker = worker;
    this.remote = connect<SimWorkerApi>(worker);
    this.aborted = new Promise<never>((_, reject) => {
      this.abortAll = reject;
    });
    this.aborted.catch(() => undefined); // handled by the racing calls
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      if (this.worker === worker) this.restart(new SimCrashed(event.message || 'worker error'));
    });
  }

  private restart(reason: Error): void {
    this.abortAll(reason);
    this.worker.terminate();
    this.start();
  }
}

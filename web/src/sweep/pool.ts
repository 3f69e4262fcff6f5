// Runs a sweep's jobs on a pool of sweep workers (one per core): each worker takes the next
// job when it finishes one. Cancel terminates them all; a crashed worker fails the sweep.
import * as Comlink from 'comlink';
import type { SweepWorkerApi } from '../sim/sweepWorker';

/** What the pool needs of a worker (tests give fakes). */
export interface SweepWorkerLike {
  readonly api: Pick<SweepWorkerApi, 'plan' | 'runJob' | 'tables'> | Comlink.Remote<SweepWorkerApi>;
  terminate(): void;
  /** Called with a message if the worker dies. */
  onCrash(handler: (message: string) => void): void;
}

export interface SweepProgress {
  readonly done: number;
  readonly total: number;
  /** Jobs done plus the running jobs' fractions. */
  readonly fraction: number;
  readonly workers: number;
}

export interface SweepOutcome {
  readonly lines: string[];
  readonly table: string;
  readonly csv: string;
  readonly summary: string;
}

export class SweepCancelled extends Error {
  constructor() {
    super('The sweep was cancelled.');
    this.name = 'SweepCancelled';
  }
}

const browserWorker = (): SweepWorkerLike => {
  const w = new Worker(new URL('../sim/sweepWorker.ts', import.meta.url), { type: 'module', name: 'sweep' });
  return {
    api: Comlink.wrap<SweepWorkerApi>(w),
    terminate: () => w.terminate(),
    onCrash: (h) => w.addEventListener('error', (e) => {
      e.preventDefault();
      h(e.message || 'worker error');
    }),
  };
};

/** Workers for this machine: one per core the browser reports, 1 to 8. */
export const poolSize = (): number => Math.max(1, Math.min(8, (typeof navigator !== 'undefined' && navigator.hardwareConcurrency) || 2));

export class SweepPool {
  private workers: SweepWorkerLike[] = [];
  private abort: ((e: Error) => void) | null = null;

  constructor(private readonly size = poolSize(), private readonly factory: () => SweepWorkerLike = browserWorker) {}

  /** Plans the sweep and runs every job; rejects with the core's "field: problem" when it is invalid. */
  async run(text: string, onProgress: (p: SweepProgress) => void): Promise<SweepOutcome> {
    this.cancel();
    const aborted = new Promise<never>((_, reject) => {
      this.abort = reject;
    });
    aborted.catch(() => undefined);
    const race = <T,>(p: Promise<T>) => Promise.race([p, aborted]);
    const first = this.spawn();
    const total = await race(first.api.plan(text));
    const workers = [first, ...Array.from({ length: Math.min(this.size, total) - 1 }, () => this.spawn())];
    const lines: string[] = new Array<string>(total);
    const running = new Map<number, number>();
    let next = 0;
    let done = 0;
    const report = () => {
      const partial = [...running.values()].reduce((a, b) => a + b, 0);
      onProgress({ done, total, fraction: (done + partial) / total, workers: workers.length });
    };
    const loop = async (w: SweepWorkerLike) => {
      while (next < total) {
        const job = next++;
        running.set(job, 0);
        lines[job] = await race(w.api.runJob(text, job, Comlink.proxy((p: number) => {
          if (running.has(job)) running.set(job, p);
        })));
        running.delete(job);
        done++;
        report();
      }
    };
    try {
      report();
      await Promise.all(workers.map(loop));
      const t = await race(first.api.tables(text, lines));
      return { lines, ...t };
    } finally {
      this.stop();
    }
  }

  /** Stops the sweep in flight: its `run` rejects with SweepCancelled. */
  cancel(): void {
    this.abort?.(new SweepCancelled());
    this.stop();
  }

  private spawn(): SweepWorkerLike {
    const w = this.factory();
    w.onCrash((m) => this.abort?.(new Error(`A sweep worker crashed (${m}).`)));
    this.workers.push(w);
    return w;
  }

  private stop(): void {
    for (const w of this.workers) w.terminate();
    this.workers = [];
    this.abort = null;
  }
}

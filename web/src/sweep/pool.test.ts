import { describe, expect, it } from 'vitest';
import { SweepCancelled, SweepPool, type SweepProgress, type SweepWorkerLike } from './pool';

/** A worker that answers job j with "row j" after `delay` ms, and can crash. */
function fake(log: string[], delay = 1): () => SweepWorkerLike {
  let n = 0;
  return () => {
    const id = n++;
    let crash: (m: string) => void = () => undefined;
    const api = {
      plan: (text: string) => (text === 'bad' ? Promise.reject(new Error('axes[0].values[1]: not a rate')) : Promise.resolve(5)),
      runJob: (_: string, job: number, p?: (f: number) => void) => new Promise<string>((resolve) => {
        log.push(`w${id} job ${job}`);
        p?.(0.5);
        if (job === 99) crash('boom');
        setTimeout(() => resolve(`row ${job}`), delay);
      }),
      tables: (_: string, lines: string[]) => Promise.resolve({ table: lines.join('|'), csv: 'c', summary: 's' }),
    };
    return { api, terminate: () => log.push(`w${id} terminated`), onCrash: (h) => { crash = h; } };
  };
}

describe('the sweep pool', () => {
  it('runs every job once on its workers, rows in job order, and reports progress', async () => {
    const log: string[] = [];
    const seen: SweepProgress[] = [];
    const out = await new SweepPool(2, fake(log)).run('ok', (p) => seen.push(p));
    expect(out.lines).toEqual(['row 0', 'row 1', 'row 2', 'row 3', 'row 4']);
    expect(out.table).toBe('row 0|row 1|row 2|row 3|row 4');
    expect(log.filter((l) => l.includes('job')).sort()).toHaveLength(5);
    expect(new Set(log.filter((l) => l.includes('job')).map((l) => l.split(' ')[0]))).toEqual(new Set(['w0', 'w1']));
    expect(seen.at(-1)).toEqual({ done: 5, total: 5, fraction: 1, workers: 2 });
    expect(log.filter((l) => l.endsWith('terminated'))).toHaveLength(2);
  });

  it('rejects with the core\'s field-named error for a bad sweep', async () => {
    await expect(new SweepPool(2, fake([])).run('bad', () => undefined)).rejects.toThrow('axes[0].values[1]: not a rate');
  });

  it('cancels: the run rejects and every worker is terminated', async () => {
    const log: string[] = [];
    const pool = new SweepPool(2, fake(log, 50));
    const running = pool.run('ok', () => undefined);
    await new Promise((r) => setTimeout(r, 10));
    pool.cancel();
    await expect(running).rejects.toBeInstanceOf(SweepCancelled);
    expect(log.filter((l) => l.endsWith('terminated')).length).toBeGreaterThanOrEqual(2);
  });
});

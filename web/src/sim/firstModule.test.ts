import { describe, expect, it, vi } from 'vitest';
import { afterRunShown } from './firstModule';

/** A stand-in for a Worker that keeps what the page posts. */
class RecordingWorker {
  posted: unknown[] = [];
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
}

describe('afterRunShown', () => {
  it('tells the worker once its run has settled, and once per worker', async () => {
    const worker = new RecordingWorker();
    let finish: () => void = () => undefined;
    const run = new Promise<void>((resolve) => {
      finish = resolve;
    });
    afterRunShown(worker as unknown as Worker, run);
    afterRunShown(worker as unknown as Worker, Promise.resolve());
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Not before the first run has settled (the second call is ignored).
    expect(worker.posted).toEqual([]);
    finish();
    await vi.waitFor(() => expect(worker.posted).toEqual([{ runShown: true }]));
  });

  it('tells it too when the run fails', async () => {
    const worker = new RecordingWorker();
    afterRunShown(worker as unknown as Worker, Promise.reject(new Error('cancelled')));
    await vi.waitFor(() => expect(worker.posted).toEqual([{ runShown: true }]));
  });
});

import { describe, expect, it } from 'vitest';
import { SimCancelled, SimClient, SimCrashed } from './client';

/** A stand-in for a Worker that never answers: enough to see cancel and crash handling. */
class SilentWorker extends EventTarget {
  terminated = false;
  postMessage(): void {}
  terminate(): void {
    this.terminated = true;
  }
  crash(message: string): void {
    const event = new Event('error', { cancelable: true });
    Object.assign(event, { message });
    this.dispatchEvent(event);
  }
}

/** A worker whose every call throws `name`: `message`, as a trapped wasm instance does (./rpc.ts's wire format). */
class ThrowingWorker extends SilentWorker {
  constructor(private readonly error: { name: string; message: string }) {
    super();
  }
  override postMessage(msg?: { rpc?: number }): void {
    const reply = { rpc: msg?.rpc, thrown: null, error: { ...this.error, stack: '' } };
    queueMicrotask(() => this.dispatchEvent(new MessageEvent('message', { data: reply })));
  }
}

function setup() {
  const workers: SilentWorker[] = [];
  const client = new SimClient(() => {
    const w = new SilentWorker();
    workers.push(w);
    return w as unknown as Worker;
  });
  return { client, workers };
}

describe('SimClient', () => {
  it('cancels a run by terminating the worker and starting a new one', async () => {
    const { client, workers } = setup();
    const run = client.run('{}');
    client.cancel();
    await expect(run).rejects.toBeInstanceOf(SimCancelled);
    expect(workers.map((w) => w.terminated)).toEqual([true, false]);
  });

  it('replaces a crashed worker and says why', async () => {
    const { client, workers } = setup();
    const run = client.validate('{}');
    workers[0]?.crash('out of memory');
    await expect(run).rejects.toBeInstanceOf(SimCrashed);
    await expect(run).rejects.toThrow('The simulation worker crashed (out of memory); it has been restarted.');
    expect(workers).toHaveLength(2);
    expect(workers[0]?.terminated).toBe(true);
    // The next call goes to the new worker.
    const next = client.validate('{}');
    client.cancel();
    await expect(next).rejects.toBeInstanceOf(SimCancelled);
    expect(workers).toHaveLength(3);
  });

  it('replaces a worker whose memory could not grow, naming it out of memory; a refusal is passed on as it is', async () => {
    const workers: SilentWorker[] = [];
    const oom = { name: 'RangeError', message: 'WebAssembly.Memory.grow(): Maximum memory size exceeded' };
    const refusal = { name: 'Error', message: 'duration: must be greater than zero' };
    const client = new SimClient(() => {
      const w = new ThrowingWorker(workers.length === 0 ? oom : refusal);
      workers.push(w);
      return w as unknown as Worker;
    });
    const run = client.run('{}');
    await expect(run).rejects.toBeInstanceOf(SimCrashed);
    await expect(run).rejects.toThrow('The simulation worker crashed (out of memory: WebAssembly.Memory.grow(): Maximum memory size exceeded); it has been restarted.');
    expect(workers).toHaveLength(2);
    const refused = client.run('{}');
    await expect(refused).rejects.toThrow('duration: must be greater than zero');
    await expect(refused).rejects.not.toBeInstanceOf(SimCrashed);
    expect(workers).toHaveLength(2);
  });
});

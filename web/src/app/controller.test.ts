import { describe, expect, it } from 'vitest';
import { encodeScenarioHash } from '../share/link';
import type { SimClientLike } from '../sim/client';
import { traceFrom } from '../sim/testTrace';
import type { RunResult, RunSummary } from '../sim/types';
import { initialState } from '../store/appState';
import { createStore } from '../store/store';
import { Controller } from './controller';

const DEFAULT = '{"name":"default"}';

/** A fake worker: "validates" by looking for a "bad" field and "runs" anything else. */
class FakeSim implements SimClientLike {
  runs: string[] = [];
  run(text: string): Promise<RunResult> {
    this.runs.push(text);
    const summary = { end_ns: 1e6, trace_truncated: false, trace_end_ns: 1e6, ports: [], trace_hash: 'ab'.repeat(32) };
    return Promise.resolve({ summary: summary as unknown as RunSummary, trace: traceFrom([]) });
  }
  validate(text: string): Promise<string | null> {
    return Promise.resolve(text.includes('"bad"') ? 'topology.links[0].bandwidth: expected a bandwidth like "10Mbps"' : null);
  }
  cancel(): void {}
}

function setup() {
  const sim = new FakeSim();
  const store = createStore(initialState(DEFAULT));
  return { sim, store, controller: new Controller(store, sim, DEFAULT) };
}

describe('Controller.boot', () => {
  it('runs the default scenario when there is no link', async () => {
    const { sim, store, controller } = setup();
    await controller.boot('');
    expect(sim.runs).toEqual([DEFAULT]);
    expect(store.getState()).toMatchObject({ runState: 'done', playing: true, error: null, scenarioText: DEFAULT });
  });

  it('runs the scenario of a good link', async () => {
    const { sim, store, controller } = setup();
    await controller.boot(encodeScenarioHash('{"name":"linked"}'));
    expect(sim.runs).toEqual(['{"name":"linked"}']);
    expect(store.getState().error).toBeNull();
  });

  it('falls back to the default scenario, with a message, on a link that does not decode', async () => {
    const { sim, store, controller } = setup();
    await controller.boot('#v9.abc');
    expect(sim.runs).toEqual([DEFAULT]);
    expect(store.getState().error).toMatch(/version 9.*Showing the default scenario instead\.$/);
    expect(store.getState().runState).toBe('done');
  });

  it('names the invalid field of a scenario the core refuses', async () => {
    const { sim, store, controller } = setup();
    await controller.boot(encodeScenarioHash('{"bandwidth":"bad"}'));
    expect(sim.runs).toEqual([DEFAULT]);
    expect(store.getState().error).toMatch(/not valid: topology\.links\[0\]\.bandwidth: /);
  });
});

describe('Controller.share', () => {
  it('shows a link that decodes to the scenario being run', async () => {
    const { store, controller } = setup();
    await controller.boot('');
    await controller.share('https://example.org/');
    const link = store.getState().shareLink ?? '';
    expect(link).toBe('https://example.org/' + encodeScenarioHash(DEFAULT));
  });
});

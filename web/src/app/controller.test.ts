import { afterEach, describe, expect, it, vi } from 'vitest';
import { addNode, blankScenario, setField } from '../scenario/commands';
import type { EditableScenario } from '../scenario/types';
import { linkOpens } from '../share/limit';
import { decodeScenarioHash, encodeCompareHash, encodeScenarioHash } from '../share/link';
import { DEFAULT_MAX_TRACE_EVENTS, SimCancelled, SimCrashed, type RunWork, type SimClientLike } from '../sim/client';
import { TEST_REPLAY_CATALOG } from '../sim/testReplayCatalog';
import { indexed, traceFrom } from '../sim/testTrace';
import type { RunPhase, RunResult, RunSummary } from '../sim/types';
import { initialState } from '../store/appState';
import { draftOf, edit, undoEdit } from '../store/editorActions';
import { setReplayMode, setReplayPreemptive } from '../store/replayActions';
import { setCompareSetup } from '../store/compareActions';
import type { CompareSetup } from '../store/compareSetup';
import { STORAGE_KEY } from '../store/persistence';
import { createStore } from '../store/store';
import { Controller, SAVE_DELAY_MS, type Env } from './controller';

/** Scenarios with something to run (a run without traffic is refused with a notice). */
const FLOW = { id: 'f', kind: 'cbr', src: 'h1', dst: 'h2', rate: '1Mbps', packet_size: '1500B' } as const;
const DEFAULT: EditableScenario = { ...blankScenario(), name: 'default', traffic: [FLOW] };
const SAVED: EditableScenario = { ...blankScenario(), name: 'saved draft', seed: 5, traffic: [FLOW] };
const LINKED: EditableScenario = { ...blankScenario(), name: 'linked', traffic: [FLOW] };
const stored = (draft: EditableScenario) => JSON.stringify({ draft, speed: 1 });

/** A fake worker: refuses a duration of "bad", fails a run named "crash", runs anything else. */
class FakeSim implements SimClientLike {
  runs: string[] = [];
  /** Estimates reported before runs, as the worker does once it checked the scenario. */
  works: string[] = [];
  /** Texts the core validated, in order: by `validate`, `check`, or a run not checked before. */
  checked: string[] = [];
  /** The text whose started run the worker keeps from its check (sim/checkedRun.ts). */
  kept: string | null = null;
  /** While set, a check waits until it is cancelled (a link slow to check). */
  slowCheck = false;
  async check(text: string): Promise<RunWork> {
    this.kept = null;
    if (this.slowCheck) await new Promise((_, reject) => { this.cancel = () => reject(new SimCancelled()); });
    const problem = await this.validate(text);
    if (problem !== null) throw new Error(problem);
    this.kept = text;
    return { cpu_ns: 1e9, memory_bytes: 1e6, describe: 'about 1 s of CPU, about 1 MB' };
  }
  async run(text: string, onProgress?: (p: number, phase: RunPhase) => void, _max?: number, onWork?: (w: RunWork) => void): Promise<RunResult> {
    // The worker checks the scenario as the run starts, unless a check of the same text kept
    // its run (once per Run), and refuses it there.
    const kept = this.kept === text;
    this.kept = null;
    if (!kept) {
      const problem = await this.validate(text);
      if (problem !== null) throw new Error(problem);
    }
    this.runs.push((JSON.parse(text) as { name: string }).name);
    if (text.includes('"crash"')) throw new SimCrashed('out of memory');
    onWork?.({ cpu_ns: 1e9, memory_bytes: 1e6, describe: 'about 1 s of CPU, about 1 MB' });
    this.works.push('about 1 s of CPU, about 1 MB');
    onProgress?.(0.5, 'simulating');
    const summary = { end_ns: 1e6, trace_truncated: false, trace_end_ns: 1e6, ports: [], trace_hash: 'ab'.repeat(32) };
    return indexed({ summary: summary as unknown as RunSummary, trace: traceFrom([]) });
  }
  /** Variants run, as (scheduler name, trace budget), in order. */
  variants: [string, number][] = [];
  runVariant(text: string, variant: string, onProgress: (p: number) => void, budget: number): Promise<RunResult> {
    const v = JSON.parse(variant) as { scheduler: { name: string; params?: Record<string, unknown> } };
    this.variants.push([v.scheduler.name, budget]);
    if (v.scheduler.name === 'stuck') return new Promise((_, reject) => { this.cancel = () => reject(new SimCancelled()); });
    if (v.scheduler.params?.drop === 'middle') return Promise.reject(new Error('scheduler.params.drop: must be one of "tail", "head"'));
    onProgress(0.5);
    const hash = v.scheduler.name.padEnd(64, '0');
    const summary = { end_ns: 2e6, trace_truncated: false, trace_end_ns: 2e6, ports: [], trace_hash: hash };
    return Promise.resolve(indexed({ summary: summary as unknown as RunSummary, trace: traceFrom([]) }));
  }
  replays: string[] = [];
  /** The replay progress the store held each time the replay reported some. */
  replayProgressSeen: number[] = [];
  store: { getState(): { replayProgress: number } } | null = null;
  replay(text: string, mode: string, onProgress?: (p: number) => void): Promise<RunResult> {
    this.replays.push(mode);
    for (const p of [0.25, 0.75]) {
      onProgress?.(p);
      if (this.store) this.replayProgressSeen.push(this.store.getState().replayProgress);
    }
    const report = { name: mode, mode, overdue_packets: [{ original_id: 3, replay_id: 0, flow: 0, exit_ns: 10, replay_exit_ns: 20, late_by_ns: 10, port: 0, at_ns: 5, congestion_points: 1 }] };
    const summary = { end_ns: 1e6, trace_truncated: false, trace_end_ns: 1e6, ports: [], nodes: [], flows: [], trace_hash: 'cd'.repeat(32), replays: [report] };
    return Promise.resolve(indexed({ summary: summary as unknown as RunSummary, trace: traceFrom([]) }));
  }
  validate(text: string): Promise<string | null> {
    this.checked.push(text);
    if (text.includes('"duration":"bad"')) return Promise.resolve('duration: invalid time "bad": expected a number followed by a unit');
    if (text.includes('"name":"whole"')) return Promise.resolve('topology: 0 nodes');
    return Promise.resolve(null);
  }
  schedulers(): Promise<string> {
    return Promise.resolve('[{"name":"fifo","summary":"","reference":"","key":{"label":"t","unit":"ns"},"params":[],"children":"none"}]');
  }
  presets(): Promise<string> {
    return Promise.resolve('[{"name":"dumbbell","summary":"","reference":"","params":[]}]');
  }
  replayCatalog(): Promise<string> {
    return Promise.resolve(TEST_REPLAY_CATALOG);
  }
  /** The groups' CDFs asked for, as (groups, group column, FCT column); answers one CDF per group: its FCTs sorted. */
  cdfRequests: [number, number[], number[]][] = [];
  fctCdfs(groups: number, group: Uint32Array, fctNs: Float64Array): Promise<string> {
    this.cdfRequests.push([groups, [...group], [...fctNs]]);
    const out = Array.from({ length: groups }, (_, g) => [...fctNs].filter((_, i) => group[i] === g).sort((a, b) => a - b));
    return Promise.resolve(JSON.stringify(out));
  }
  /** The core's editable form: a preset becomes two hosts; anything else stays as it is. */
  editable(text: string): Promise<string> {
    const s = JSON.parse(text) as { topology: { preset?: unknown } };
    if (typeof s.topology.preset !== 'string') return Promise.resolve(text);
    return Promise.resolve(JSON.stringify({ ...s, topology: { nodes: [{ id: 'h1', kind: 'host', pos: [0, 0] }, { id: 'h9', kind: 'host', pos: [1, 0] }], links: [] } }));
  }
  portSchedulers(): Promise<string> {
    return Promise.resolve('[]');
  }
  gap(): Promise<string> {
    return Promise.resolve('{"port":0,"t_ns":[],"delta":[],"only_first":0,"only_second":0,"both":0}');
  }
  checks(): Promise<string> {
    return Promise.resolve('{"trace_hash":"","checks":[]}');
  }
  cancel(): void {}
}

function setup(saved: string | null = null) {
  const sim = new FakeSim();
  const storage = new Map<string, string>(saved === null ? [] : [[STORAGE_KEY, saved]]);
  const env: Env & { cleared: number; downloads: [string, string | Blob][] } = {
    storage: { load: (k) => storage.get(k) ?? null, save: (k, t) => void storage.set(k, t) },
    cleared: 0,
    clearHash() { this.cleared++; },
    downloads: [],
    download(name, data) { this.downloads.push([name, data]); },
  };
  const store = createStore(initialState(DEFAULT));
  return { sim, store, env, storage, controller: new Controller(store, sim, DEFAULT, env) };
}

afterEach(() => vi.useRealTimers());

describe('Controller.boot', () => {
  it('runs the default scenario when there is neither a link nor a draft, and reads the registry', async () => {
    const { sim, store, controller } = setup();
    await controller.boot('');
    expect(sim.runs).toEqual(['default']);
    expect(store.getState()).toMatchObject({ runState: 'done', playing: true, error: null, progress: 1 });
    // The core's estimate of the run, reported as it was checked, stays beside it.
    expect(store.getState().runWork).toBe('about 1 s of CPU, about 1 MB');
    expect(store.getState().schedulers.map((s) => s.name)).toEqual(['fifo']);
    expect(store.getState().presets?.map((p) => p.name)).toEqual(['dumbbell']);
    expect(store.getState().replayModes.map((m) => m.mode)).toEqual(['lstf', 'edf', 'priority', 'omniscient']);
  });

  it('opens the saved draft and runs it', async () => {
    const { sim, store, controller } = setup(stored(SAVED));
    await controller.boot('');
    expect(draftOf(store.getState()).name).toBe('saved draft');
    expect(sim.runs).toEqual(['saved draft']);
  });

  it('opens a good link over the draft (undo brings the draft back) and clears the address bar', async () => {
    const { sim, store, env, controller } = setup(stored(SAVED));
    await controller.boot(encodeScenarioHash(JSON.stringify(LINKED)));
    expect(sim.runs).toEqual(['linked']);
    expect(env.cleared).toBe(1);
    expect(draftOf(undoEdit(store.getState())).name).toBe('saved draft');
  });

  it('checks a linked scenario once: its Run takes the run its check started (issue 42)', async () => {
    const { sim, controller } = setup(stored(SAVED));
    await controller.boot(encodeScenarioHash(JSON.stringify(LINKED)));
    expect(sim.runs).toEqual(['linked']);
    expect(sim.checked.map((t) => (JSON.parse(t) as { name: string }).name)).toEqual(['linked']);
    // A Run of the draft afterwards is checked again (by the run itself): once per Run.
    await controller.run();
    expect(sim.checked.map((t) => (JSON.parse(t) as { name: string }).name)).toEqual(['linked', 'linked']);
  });

  it('shows a link being checked with Cancel; cancelled, the draft stays and runs', async () => {
    const { sim, store, env, controller } = setup(stored(SAVED));
    sim.slowCheck = true;
    const booted = controller.boot(encodeScenarioHash(JSON.stringify(LINKED)));
    await vi.waitFor(() => expect(store.getState()).toMatchObject({ runState: 'running', runPhase: 'checking' }));
    expect(env.cleared).toBe(1);
    sim.slowCheck = false;
    controller.cancel();
    await booted;
    expect(store.getState().notice).toBe('Opening the share link was cancelled while its scenario was checked. Showing your saved draft instead.');
    expect(store.getState().error).toBeNull();
    expect(draftOf(store.getState()).name).toBe('saved draft');
    expect(sim.runs).toEqual(['saved draft']);
  });

  it('opens the tour on a first visit, but not over a shared link (it waits for a visit without one)', async () => {
    const first = setup();
    await first.controller.boot('');
    expect(first.store.getState().dialog).toBe('tour');
    const linked = setup();
    await linked.controller.boot(encodeScenarioHash(JSON.stringify(LINKED)));
    expect(linked.store.getState().dialog).not.toBe('tour');
    expect(linked.store.getState().toured).toBe(false);
  });

  it('clears the address bar before checking a link, so a link whose check hangs is not reopened by a reload', async () => {
    const { sim, env, controller } = setup(stored(SAVED));
    let clearedWhileChecking = -1;
    sim.check = () => {
      clearedWhileChecking = env.cleared;
      return new Promise<RunWork>(() => undefined); // never answers, as a hanging check
    };
    void controller.boot(encodeScenarioHash(JSON.stringify(LINKED)));
    await vi.waitFor(() => expect(clearedWhileChecking).toBe(1));
  });

  it('keeps the draft, with a message, when the link does not decode', async () => {
    const { sim, store, storage, controller } = setup(stored(SAVED));
    await controller.boot('#v9.abc');
    expect(store.getState().error).toMatch(/version 9.*Showing your saved draft instead\.$/);
    expect(draftOf(store.getState()).name).toBe('saved draft');
    expect(sim.runs).toEqual(['saved draft']);
    expect(storage.get(STORAGE_KEY)).toBe(stored(SAVED));
  });

  it('names the invalid field of a linked scenario the core refuses', async () => {
    const { sim, store, controller } = setup();
    await controller.boot(encodeScenarioHash(JSON.stringify({ ...LINKED, duration: 'bad' })));
    expect(store.getState().error).toMatch(/^This share link's scenario is not valid: duration: invalid time "bad".* Showing the default scenario instead\.$/);
    expect(sim.runs).toEqual(['default']);
  });

  it('sets a damaged saved draft aside instead of overwriting it', async () => {
    const { store, storage, controller } = setup('{"draft": 3');
    await controller.boot('');
    expect(store.getState().error).toMatch(/not valid JSON/);
    expect(storage.get(`${STORAGE_KEY}:unreadable`)).toBe('{"draft": 3');
  });
});

describe('Controller.run', () => {
  it('shows a core error next to its field and leaves the draft and the last run alone', async () => {
    const { sim, store, controller } = setup();
    await controller.boot('');
    const before = store.getState().run;
    store.dispatch(edit((d) => setField(d, 'duration', 'bad')));
    expect(await controller.run()).toBe(false);
    expect(store.getState()).toMatchObject({ fieldError: { path: 'duration', message: 'invalid time "bad": expected a number followed by a unit' }, error: null });
    expect(store.getState().run).toBe(before);
    expect(sim.runs).toEqual(['default']);
  });

  it('puts a problem no field shows in the banner; a failed run says why', async () => {
    const { store, controller } = setup();
    await controller.boot('');
    store.dispatch(edit((d) => setField(d, 'name', 'whole')));
    await controller.run();
    expect(store.getState().error).toBe('The scenario is not valid: topology: 0 nodes.');
    store.dispatch(edit((d) => setField(d, 'name', 'crash')));
    await controller.run();
    expect(store.getState()).toMatchObject({ runState: 'error', error: 'The run failed: The simulation worker crashed (out of memory); it has been restarted.' });
  });
});

describe('group CDFs', () => {
  it('asks the core for each group\'s FCT CDF with the groups\' completed flows, and gives null when it cannot answer', async () => {
    const { sim, controller } = setup();
    // Flows 0 and 2 in group 0 (FCT 40 and 10), flow 1 (not completed) and flow 3 (FCT 7) in group 1.
    const summary = { flows: [{ fct_ns: 40 }, { fct_ns: null }, { fct_ns: 10 }, { fct_ns: 7 }] } as unknown as RunSummary;
    const groups = [{ key: 'a', label: 'a', flows: [0, 2] }, { key: 'b', label: 'b', flows: [1, 3] }];
    expect(await controller.groupFctCdfs(summary, groups)).toEqual([[10, 40], [7]]);
    expect(sim.cdfRequests).toEqual([[2, [0, 0, 1], [40, 10, 7]]]);
    sim.fctCdfs = () => Promise.reject(new Error('group 2 of a flow: there are 2 groups'));
    expect(await controller.groupFctCdfs(summary, groups)).toBeNull();
  });
});

describe('replay and the gallery', () => {
  it('replays the run on screen (its scenario text) with the mode picked, and shows it beside the run', async () => {
    const { sim, store, controller } = setup();
    expect(await controller.recordReplay()).toBe(false); // no run yet
    await controller.boot('');
    store.dispatch(setReplayMode('edf'));
    sim.store = store;
    expect(await controller.recordReplay()).toBe(true);
    expect(sim.replays).toEqual(['edf']);
    // The worker's progress (the original, then the replay) reaches the store as it comes.
    expect(sim.replayProgressSeen).toEqual([0.25, 0.75]);
    // Preemptive, by the core's name; a replay the scenario lists, by its own.
    store.dispatch(setReplayPreemptive(true));
    expect(await controller.recordReplay()).toBe(true);
    expect(await controller.recordReplay('a<b<c')).toBe(true);
    expect(sim.replays).toEqual(['edf', 'edf_preemptive', 'a<b<c']);
    const s = store.getState();
    expect(s.replayState).toBe('idle');
    expect(s.replay?.originalHash).toBe('ab'.repeat(32));
    expect(s.replay?.overdue.isOverdue(0, 5)).toBe(true);
  });

  it('a failed replay says why and leaves the run alone', async () => {
    const { sim, store, controller } = setup();
    await controller.boot('');
    sim.replay = () => Promise.reject(new Error('mode: replays need UDP traffic'));
    expect(await controller.recordReplay()).toBe(false);
    expect(store.getState().error).toBe('The replay failed: mode: replays need UDP traffic');
    expect(store.getState().replayState).toBe('error');
    expect(store.getState().run).not.toBeNull();
  });

  it('opens an example as an undoable draft and runs it; a bad one is refused', async () => {
    const { sim, store, controller } = setup();
    await controller.boot('');
    expect(await controller.openExample('x/linked.json', () => Promise.resolve(JSON.stringify(LINKED)))).toBe(true);
    expect(draftOf(store.getState()).name).toBe('linked');
    expect(sim.runs).toEqual(['default', 'linked']);
    expect(draftOf(undoEdit(store.getState())).name).toBe('default');
    expect(await controller.openExample('x/bad.json', () => Promise.resolve('{'))).toBe(false);
    expect(store.getState().error).toMatch(/^The example "x\/bad\.json" could not be loaded: it is not valid JSON/);
    // A file that cannot be fetched (the page's chunk gone, the network down): said, draft kept.
    expect(await controller.openExample('x/gone.json', () => Promise.reject(new Error('Failed to fetch dynamically imported module')))).toBe(false);
    expect(store.getState().error).toBe('The example "x/gone.json" could not be fetched: Failed to fetch dynamically imported module. Your draft is unchanged.');
    expect(draftOf(store.getState()).name).toBe('linked');
    expect(sim.runs).toEqual(['default', 'linked']);
  });
});

describe('files, links, presets and the saved draft', () => {
  it('refuses a bad file with the reason and keeps the draft; imports a good one and runs it', async () => {
    const { sim, store, controller } = setup();
    await controller.boot('');
    expect(await controller.importFile('x.json', '{"format":')).toBe(false);
    expect(store.getState().error).toMatch(/^"x\.json" was not imported: it is not valid JSON \(.*\)\. Your draft is unchanged\.$/);
    expect(await controller.importFile('y.json', JSON.stringify({ ...LINKED, duration: 'bad' }))).toBe(false);
    expect(store.getState().error).toMatch(/^"y\.json" was not imported: duration: invalid time/);
    expect(draftOf(store.getState()).name).toBe('default');
    expect(await controller.importFile('z.json', JSON.stringify(LINKED))).toBe(true);
    expect(draftOf(store.getState()).name).toBe('linked');
    expect(sim.runs).toEqual(['default', 'linked']);
  });

  it('exports the draft as an indented file named after it', async () => {
    const { env, controller } = setup();
    await controller.boot('');
    controller.exportFile();
    expect(env.downloads).toEqual([['default.json', `${JSON.stringify(DEFAULT, null, 2)}\n`]]);
  });

  it('shares a link that decodes to the draft', async () => {
    const { store, controller } = setup();
    await controller.boot('');
    await controller.share('https://example.org/');
    const link = store.getState().shareLink ?? '';
    const decoded = decodeScenarioHash(link.slice('https://example.org/'.length));
    expect(decoded.ok && JSON.parse(decoded.text)).toEqual(DEFAULT);
  });

  it('does not copy a link too long to open (the share box offers the file)', async () => {
    const { store, controller } = setup();
    await controller.boot('');
    // 3,000 flows with distinct random rates deflate to far more than 16,000 base64 characters.
    const flows = Array.from({ length: 3000 }, (_, k) => ({ ...FLOW, id: `f${k}`, rate: `${(k * 7919) % 100003}bps` }));
    controller.store.dispatch(edit((s) => ({ ...s, traffic: flows }), null));
    await controller.run();
    const writes: string[] = [];
    vi.stubGlobal('navigator', { clipboard: { writeText: (t: string) => { writes.push(t); return Promise.resolve(); } } });
    await controller.share('https://example.org/');
    const link = store.getState().shareLink ?? '';
    expect(link.length - 'https://example.org/'.length).toBeGreaterThan(16_000);
    expect(linkOpens(link)).toBe(false);
    expect(writes).toEqual([]);
    controller.store.dispatch(edit((s) => ({ ...s, traffic: [FLOW] }), null));
    await controller.run();
    await controller.share('https://example.org/');
    expect(writes).toEqual([store.getState().shareLink]);
    vi.unstubAllGlobals();
  });

  it('loads a preset, keeping the traffic whose hosts it has', async () => {
    const { store, controller } = setup();
    await controller.boot('');
    store.dispatch(edit(() => ({
      ...DEFAULT,
      traffic: [
        { id: 'a', kind: 'cbr', src: 'h1', dst: 'h9', rate: '1Mbps', packet_size: '1500B' },
        { id: 'b', kind: 'cbr', src: 'h1', dst: 'h2', rate: '1Mbps', packet_size: '1500B' },
      ],
    })));
    expect(await controller.loadPreset('dumbbell', { n: 2 })).toBe(true);
    expect(draftOf(store.getState()).topology.nodes.map((n) => n.id)).toEqual(['h1', 'h9']);
    expect(draftOf(store.getState()).traffic.map((t) => t.id)).toEqual(['a']);
    expect(store.getState().notice).toBe('Loaded dumbbell. Removed traffic whose hosts it does not have: b. Kept your traffic; press Run (R).');
    expect(draftOf(store.getState()).name).toBe('dumbbell (n=2)');
  });

  it('gives a preset its default workload when none of the traffic fits, and refuses to run a scenario without traffic', async () => {
    const { sim, store, controller } = setup();
    await controller.boot('');
    store.dispatch(edit(() => ({ ...DEFAULT, duration: '1s', traffic: [{ ...FLOW, src: 'x', dst: 'y' }] })));
    expect(await controller.loadPreset('fat_tree', {})).toBe(true);
    const draft = draftOf(store.getState());
    expect(draft.traffic).toEqual([{ kind: 'workload', id: 'web', load: 0.5, sizes: { dist: 'web_search' }, transport: 'tcp' }]);
    expect(draft.duration).toBe('5ms');
    expect(store.getState().notice).toBe('Loaded fat_tree. Removed traffic whose hosts it does not have: f. '
      + 'It comes with web-search flows over TCP between its hosts at 50% load, for 5ms; press Run (R).');
    // Without traffic (and no schedule) nothing would move: no run, a notice, the Traffic tab.
    store.dispatch(edit((s) => ({ ...s, traffic: [] })));
    const runs = sim.runs.length;
    expect(await controller.run()).toBe(false);
    expect(sim.runs.length).toBe(runs);
    expect(store.getState().notice).toMatch(/^Nothing to run: this scenario has no traffic/);
    expect(store.getState().sideTab).toBe('traffic');
  });

  it('shows a preset parameter the core refuses next to its field, anything else in the banner', async () => {
    const { sim, store, controller } = setup();
    await controller.boot('');
    sim.editable = () => Promise.reject(new Error('topology.params.delay: expected a number followed by a unit'));
    expect(await controller.loadPreset('fat_tree', { delay: 'x' })).toBe(false);
    expect(store.getState().fieldError).toEqual({ path: 'preset.params.delay', message: 'expected a number followed by a unit' });
    sim.editable = () => Promise.reject(new Error('topology.params: k must be even, got 5'));
    await controller.loadPreset('fat_tree', { k: 5 });
    expect(store.getState().error).toBe('The preset "fat_tree" could not be loaded: topology.params: k must be even, got 5.');
    expect(draftOf(store.getState()).name).toBe('default');
  });

  it('saves the draft a moment after each change', async () => {
    vi.useFakeTimers();
    const { store, storage, controller } = setup();
    await controller.boot('');
    expect(storage.get(STORAGE_KEY)).toBeUndefined();
    store.dispatch(edit((d) => addNode(d, { kind: 'host', pos: [0, 0] })));
    vi.advanceTimersByTime(SAVE_DELAY_MS);
    expect((JSON.parse(storage.get(STORAGE_KEY) ?? '{}') as { draft: EditableScenario }).draft.topology.nodes).toEqual([{ id: 'h1', kind: 'host', pos: [0, 0] }]);
  });
});

const THREE: CompareSetup = {
  variants: [
    { scheduler: { name: 'fifo' }, routers: null },
    { scheduler: { name: 'sjf' }, routers: null },
    { scheduler: { name: 'lstf' }, routers: ['r1'] },
  ],
};

describe('comparisons', () => {
  it('runs every variant of the draft one after another, sharing the trace budget, and shows them on one timeline', async () => {
    const { sim, store, controller } = setup();
    await controller.boot('');
    store.dispatch(setCompareSetup(THREE));
    const seen: (number | undefined)[] = [];
    store.subscribe(() => seen.push(store.getState().compareProgress?.index));
    expect(await controller.compare()).toBe(true);
    const budget = Math.floor(DEFAULT_MAX_TRACE_EVENTS / 3);
    expect(sim.variants).toEqual([['fifo', budget], ['sjf', budget], ['lstf', budget]]);
    expect(seen).toContain(2);
    const s = store.getState();
    expect(s).toMatchObject({ compareState: 'idle', compareProgress: null, view: 'compare', playing: true });
    expect(s.comparison?.runs.map((r) => [r.label, r.run.result.summary.trace_hash.slice(0, 4)])).toEqual([
      ['fifo', 'fifo'], ['sjf', 'sjf0'], ['lstf on r1', 'lstf'],
    ]);
    expect(s.comparison?.endNs).toBe(2e6);
  });

  it('names a variant the core refuses next to its field, and keeps what was on screen', async () => {
    const { store, controller } = setup();
    await controller.boot('');
    store.dispatch(setCompareSetup({ variants: [{ scheduler: { name: 'fifo' }, routers: null }, { scheduler: { name: 'fifo', params: { drop: 'middle' } }, routers: null }] }));
    expect(await controller.compare()).toBe(false);
    const s = store.getState();
    expect(s.fieldError).toEqual({ path: 'compare[1].scheduler.params.drop', message: 'must be one of "tail", "head"' });
    expect(s.error).toBe('Scheduler 2 (fifo (drop=middle)) could not run: scheduler.params.drop: must be one of "tail", "head".');
    expect(s).toMatchObject({ compareState: 'error', comparison: null, view: 'single', sideTab: 'compare' });
  });

  it('cancels a comparison in the worker', async () => {
    const { sim, store, controller } = setup();
    await controller.boot('');
    store.dispatch(setCompareSetup({ variants: [{ scheduler: { name: 'fifo' }, routers: null }, { scheduler: { name: 'stuck' }, routers: null }] }));
    const done = controller.compare();
    await vi.waitFor(() => expect(sim.variants.length).toBe(2));
    expect(await controller.run()).toBe(false); // the worker is busy
    controller.cancel();
    expect(await done).toBe(false);
    expect(store.getState()).toMatchObject({ compareState: 'idle', comparison: null });
  });

  it('shares the comparison on screen in a version 2 link, which opens it again', async () => {
    const { store, controller } = setup();
    await controller.boot('');
    store.dispatch(setCompareSetup(THREE));
    await controller.compare();
    await controller.share('https://example.org/');
    const link = store.getState().shareLink ?? '';
    expect(link).toMatch(/^https:\/\/example\.org\/#v2\./);
    const again = setup();
    await again.controller.boot(link.slice('https://example.org/'.length));
    expect(again.sim.runs).toEqual([]);
    expect(again.sim.variants.map(([name]) => name)).toEqual(['fifo', 'sjf', 'lstf']);
    expect(again.store.getState()).toMatchObject({ view: 'compare', compare: THREE, sideTab: 'compare' });
    expect(draftOf(again.store.getState())).toEqual(DEFAULT);
  });

  it('opens the scenario of a link whose comparison is malformed, and says so', async () => {
    const { sim, store, controller } = setup();
    await controller.boot(encodeCompareHash(JSON.stringify(LINKED), { variants: [{ scheduler: { name: 'fifo' } }] }));
    expect(store.getState().error).toBe("This share link's comparison is not valid: variants: a comparison has 2 to 4 schedulers, not 1. Its scenario is shown alone.");
    expect(sim.runs).toEqual(['linked']);
    expect(store.getState().view).toBe('single');
  });
});

describe('a scenario made for a comparison (its compare field)', () => {
  const MADE: EditableScenario = { ...LINKED, name: 'made', compare: [{ scheduler: { name: 'fifo' } }, { scheduler: { name: 'drr' }, routers: ['r1'] }] };
  const OWN: CompareSetup = { variants: [{ scheduler: { name: 'fifo' }, routers: null }, { scheduler: { name: 'drr' }, routers: ['r1'] }] };

  it('an example, a file and a link set the Compare tab up with it, and the notice says so', async () => {
    const example = setup();
    await example.controller.boot('');
    expect(await example.controller.openExample('x/made.json', () => Promise.resolve(JSON.stringify(MADE)))).toBe(true);
    expect(example.store.getState().compare).toEqual(OWN);
    expect(example.store.getState().notice).toBe('Loaded the example x/made.json. The Compare tab is set up with the comparison it is made for: fifo, drr. Undo brings your previous draft back.');

    const file = setup();
    await file.controller.boot('');
    expect(await file.controller.importFile('made.json', JSON.stringify(MADE))).toBe(true);
    expect(file.store.getState().compare).toEqual(OWN);
    expect(file.store.getState().notice).toMatch(/^Imported "made.json". The Compare tab is set up with/);

    const link = setup();
    await link.controller.boot(encodeScenarioHash(JSON.stringify(MADE)));
    expect(link.store.getState().compare).toEqual(OWN);
    expect(link.store.getState().notice).toMatch(/^This link's scenario is made for a comparison\. The Compare tab is set up/);
  });

  it("a link's own comparison wins; a scenario without one leaves the setup as it was", async () => {
    const link = setup();
    await link.controller.boot(encodeCompareHash(JSON.stringify(MADE), THREE));
    expect(link.store.getState().compare).toEqual(THREE);
    const plain = setup();
    await plain.controller.boot('');
    plain.store.dispatch(setCompareSetup(THREE));
    expect(await plain.controller.openExample('x/linked.json', () => Promise.resolve(JSON.stringify(LINKED)))).toBe(true);
    expect(plain.store.getState().compare).toEqual(THREE);
    expect(plain.store.getState().notice).toBe('Loaded the example x/linked.json. Undo brings your previous draft back.');
  });
});

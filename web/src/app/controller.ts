// Side effects of the app: the simulation worker, local storage, the share link, files, the
// clipboard and the clock. Everything that changes state does so by dispatching a pure action
// from store/appState.ts or store/editorActions.ts.
import { parsePortChoices } from '../scenario/choices';
import { historyOf } from '../scenario/history';
import type { Provenance } from '../share/provenance';
import { splitCoreMessage } from '../scenario/paths';
import { displayName, parseRegistry, type PresetInfo, type SchedulerInfo } from '../scenario/registry';
import { restoreScenario, scenarioText } from '../scenario/restore';
import { isPreset, type EditableScenario, type ParamValue, type Scenario } from '../scenario/types';
import { SimCancelled, SimCrashed, type SimClientLike } from '../sim/client';
import {
  catalogsLoaded, loadRun, runCancelled, runCancelledClearing, runEstimated, runFailed, runFinished, runProgress, runStarted, setPresentation,
  setSideTab, setSpeed, showError, showNotice, tick, type AppState, type SweepFile,
} from '../store/appState';
import { setCompareSetup } from '../store/compareActions';
import { draftOf, showFieldError } from '../store/editorActions';
import { parseReplayCatalog } from '../sim/replayNames';
import type { RunSummary } from '../sim/types';
import { fctMembers, type FlowGroup } from '../view/flowGroups';
import { STORAGE_KEY, fileText, restoreStorage, storageRecord } from '../store/persistence';
import type { Store } from '../store/store';
import { message, sentence } from './messages';
import type { ActionHost, Opened } from './actions';
import { CANCELLED, type Prepared } from './prepared';

// Opening links, examples, sweep files and imported files, replays and sharing: app/actions.ts,
// a chunk of its own (with share links and fflate after it), loaded on the first of them: a page
// opened without a link never needs them (issue 20: the main script).
const actions = () => import('./actions');
// The exports' provenance (file names, SVG metadata, PNG chunks, CSV lines) too: every export
// starts in a part loaded on demand (a chart, a table).
const provenanceWriters = () => import('../share/provenance');

/** The browser around the app; tests pass a fake. */
export interface Env {
  readonly storage: { load(key: string): string | null; save(key: string, text: string): void };
  /** Removes the share link from the address bar once it is loaded (a reload shows the draft). */
  clearHash(): void;
  /** Saves a file: text (a scenario, CSV, SVG) or binary data (a PNG image). */
  download(filename: string, data: string | Blob): void;
}

export type { Opened } from './actions';

/** Milliseconds between the last change and saving the draft. */
export const SAVE_DELAY_MS = 300;

export class Controller {
  private clock = 0;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private unsubscribeSave: (() => void) | null = null;

  constructor(
    readonly store: Store<AppState>,
    private readonly sim: SimClientLike,
    private readonly defaultScenario: EditableScenario,
    private readonly env: Env,
  ) {}

  private get state(): AppState {
    return this.store.getState();
  }

  /** What of the controller app/actions.ts uses. */
  private get host(): ActionHost {
    return {
      store: this.store, sim: this.sim, schedulerName: this.schedulerName,
      editable: (s) => this.editable(s), run: () => this.run(), busy: () => this.busy(),
    };
  }

  /** A scheduler id to its display name in the registry loaded now. */
  private readonly schedulerName = (id: string): string => displayName(this.state.schedulers, id);

  /** First load: the saved draft (or the default), then the scenario of a good link on top; then run. */
  async boot(hash: string): Promise<void> {
    const catalogs = this.loadCatalogs();
    const stored = restoreStorage(this.env.storage.load(STORAGE_KEY));
    let fallback = 'the default scenario';
    let draft = this.defaultScenario;
    if (!stored.ok) {
      this.env.storage.save(`${STORAGE_KEY}:unreadable`, this.env.storage.load(STORAGE_KEY) ?? '');
      this.store.dispatch(showError(`${sentence(stored.error)} It was set aside; the default scenario is shown.`));
    } else {
      const { speed, compare, presentation, toured } = stored.stored;
      if (toured) this.store.dispatch((s) => ({ ...s, toured: true }));
      if (speed !== undefined) this.store.dispatch(setSpeed(speed));
      if (compare !== undefined) this.store.dispatch(setCompareSetup(compare));
      if (presentation !== undefined) this.store.dispatch(setPresentation(presentation));
      // A saved draft that is the default itself needs no reading by the core (the full module).
      const unedited = JSON.stringify(stored.stored.draft) === JSON.stringify(this.defaultScenario);
      const saved = stored.stored.draft && !unedited ? await this.editable(stored.stored.draft) : null;
      if (saved?.ok) {
        draft = saved.scenario;
        fallback = 'your saved draft';
      }
    }
    this.store.dispatch((s) => ({ ...s, history: historyOf(draft), selection: null }));
    // First visit: the guided tour (dismissed once, it stays closed; "?" brings it back). Not
    // over a shared link: whoever sent it wants its scenario seen; the tour waits for a visit
    // without one.
    if (!this.state.toured && hash.length <= 1) this.store.dispatch((s) => ({ ...s, dialog: 'tour' }));
    this.startAutosave();
    const opened = hash.length > 1 ? await this.openLink(hash, fallback) : false;
    // The draft alone runs at once, on the worker's first module while the full one (which
    // answers the catalogs) loads; a link's comparison or sweep waits for the catalogs.
    if (opened !== false && opened !== 'scenario') await catalogs;
    await this.runOpened(opened);
    await catalogs;
  }

  /**
   * Opens a share link; a bad one leaves the draft as it is and says why. A link with a
   * comparison puts its schedulers in the Compare tab (a bad comparison is reported, and the
   * scenario still opens).
   */
  async openLink(hash: string, fallback = 'your draft'): Promise<Opened> {
    // The link leaves the address bar before anything reads it: a link that fails, hangs or is
    // cancelled is not opened again by a reload (which then shows the draft).
    this.env.clearHash();
    return (await actions()).openLink(this.host, hash, fallback);
  }

  /** Runs what a link opened: its comparison, or the scenario. */
  async runOpened(opened: Opened): Promise<boolean> {
    if (typeof opened === 'object' && 'sweep' in opened) {
      // The Sweep tab runs the link's sweep; the drawing plays the scenario meanwhile.
      this.store.dispatch(setSideTab('sweep'));
      return this.run();
    }
    if (typeof opened === 'object') {
      this.store.dispatch(setSideTab('compare'));
      return this.compare();
    }
    return this.run();
  }

  /** Validates and runs the draft in the worker; resolves to false when refused, failed or cancelled. */
  async run(): Promise<boolean> {
    if (this.busy()) return false;
    const draft = draftOf(this.state);
    if (draft.traffic.length === 0 && !draft.schedule) {
      // Nothing would move: say so instead of animating an empty network.
      this.store.dispatch(showNotice('Nothing to run: this scenario has no traffic. Add a flow or a workload in the Traffic tab, or load a preset or an example.'));
      this.store.dispatch(setSideTab('traffic'));
      return false;
    }
    const text = scenarioText(draft);
    // Checked once, by the run itself in the worker (cancellable like the run): a refusal
    // (a field's problem, or a budget past the page's limits) goes next to its field.
    this.store.dispatch(runStarted);
    try {
      const result = await this.sim.run(
        text, (p, phase) => this.store.dispatch(runProgress(p, phase)), undefined, (w) => this.store.dispatch(runEstimated(w.describe, w.cpu_ns)),
      );
      this.store.dispatch(runFinished(loadRun(result, text)));
      return true;
    } catch (err) {
      if (err instanceof SimCancelled) this.cancelled(text);
      else if (err instanceof SimCrashed) this.store.dispatch(runFailed(`The run failed: ${message(err)}`));
      else {
        this.store.dispatch(runCancelled);
        await this.refuse(message(err));
      }
      return false;
    }
  }

  cancel(): void {
    this.sim.cancel();
  }

  /**
   * After Cancel: the run on screen stays when it is of the same network (said so: of this
   * scenario, or of it before the edits the banner names); a run of another network (an example
   * or a file just loaded, a node or link edited) is cleared with a notice, so no results sit
   * beside a network they are not of.
   */
  private cancelled(text: string): void {
    const shown = this.state.run;
    const network = (t: string) => JSON.stringify((JSON.parse(t) as { topology?: unknown }).topology ?? null);
    if (shown && network(shown.scenarioText) !== network(text)) {
      this.store.dispatch(runCancelledClearing);
      this.store.dispatch(showNotice('Run cancelled. The results on screen were of another network, so they are cleared: press Run (R) to simulate this one.'));
      return;
    }
    this.store.dispatch(runCancelled);
    const which = !shown ? 'nothing has run yet.' : shown.scenarioText === text ? 'the last run of this scenario is shown, unchanged.' : 'the last run of this network is shown, from before your edits.';
    this.store.dispatch(showNotice(`Run cancelled: ${which}`));
  }

  /** Whether the worker is busy with a run, a replay or a comparison. */
  private busy(): boolean {
    const s = this.state;
    return s.runState === 'running' || s.replayState === 'running' || s.compareState === 'running';
  }

  /**
   * Runs the comparison picked in the Compare tab (app/comparison.ts, a chunk of its own: the
   * first paint runs no comparison, issue 20).
   */
  async compare(): Promise<boolean> {
    if (this.busy()) return false;
    const { runComparison } = await import('./comparison');
    return runComparison({
      store: this.store, sim: this.sim, schedulerName: this.schedulerName, refuse: (problem) => this.refuse(problem),
    });
  }

  /** Saves a file the page made (a chart, a table). */
  download(filename: string, data: string | Blob): void {
    this.env.download(filename, data);
  }

  /**
   * What an export showing `shows` came from: the comparison on screen (its runs' labels and
   * hashes), else the run on screen; null before any run.
   */
  provenance(shows: string): Provenance | null {
    const s = this.state;
    const date = new Date().toISOString();
    if (s.view === 'compare' && s.comparison) {
      const c = s.comparison;
      const runs = c.runs.map((r) => ({ label: r.label, traceHash: r.run.result.summary.trace_hash }));
      return { shows, scenario: c.draft.name, seed: c.draft.seed, runs, date, scenarioText: c.scenarioText };
    }
    if (!s.run) return null;
    const ran = JSON.parse(s.run.scenarioText) as { name?: string; seed?: number; default_scheduler?: { name?: string } };
    const label = ran.default_scheduler?.name ?? 'fifo';
    const runs = [{ label, traceHash: s.run.result.summary.trace_hash }];
    return { shows, scenario: ran.name ?? 'scenario', seed: ran.seed ?? 1, runs, date, scenarioText: s.run.scenarioText };
  }

  /**
   * Saves an export named after what it shows ("three-senders-fifo-vs-fq-fct-cdf.svg" in a
   * comparison), its provenance written in: SVG metadata, PNG text chunks, CSV "# " lines.
   */
  exportAs(suffix: string, shows: string, data: string | Uint8Array, given?: Provenance | null): void {
    const p = given ?? this.provenance(shows);
    void provenanceWriters().then((writers) => this.writeExport(writers, suffix, data, p),
      (e: unknown) => this.store.dispatch(showError(`The export could not be made: ${sentence(message(e))}`)));
  }

  private writeExport(writers: typeof import('../share/provenance'), suffix: string, data: string | Uint8Array, p: Provenance | null): void {
    const { csvWithProvenance, exportName, pngWithProvenance, svgWithProvenance } = writers;
    const name = p ? exportName(p.scenario, p.runs.length > 1 ? p.runs.map((r) => r.label) : [], suffix) : suffix;
    if (typeof data !== 'string') {
      const bytes = p ? pngWithProvenance(data, p) : data;
      this.env.download(name, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/png' }));
    } else if (!p) this.env.download(name, data);
    else this.env.download(name, suffix.endsWith('.svg') ? svgWithProvenance(data, p) : csvWithProvenance(data, p));
  }

  /**
   * Records the current run's schedule and replays it: with `name`, a replay the scenario
   * lists (`replay.modes`); else with the Replay tab's mode and service.
   */
  async recordReplay(name?: string): Promise<boolean> {
    if (!this.state.run || this.busy()) return false;
    return (await actions()).recordReplay(this.host, name);
  }

  /** The scenario's checks against a run with its seed (the run on screen): the core's CheckReportOut, JSON text. */
  checks(scenarioText: string): Promise<string> {
    return this.sim.checks(scenarioText);
  }

  /** Loads a scenario of the gallery (its text fetched by `load`) as the draft (undoable) and runs it. */
  async openExample(path: string, load: () => Promise<string>): Promise<boolean> {
    return (await actions()).openExample(this.host, path, load);
  }

  /** Opens a sweep file (the Papers view's rows): its base scenario as the draft, not run; the Sweep tab runs it. */
  async openSweepFile(file: Omit<SweepFile, 'text'>, load: () => Promise<string>): Promise<boolean> {
    return (await actions()).openSweepFile(this.host, file, load);
  }

  /** Shares what is on screen: the link of the run (or comparison) shown, copied when the clipboard allows. */
  async share(base: string): Promise<void> {
    return (await actions()).share(this.host, base);
  }

  exportFile(): void {
    const slug = draftOf(this.state).name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'scenario';
    this.env.download(`${slug}.json`, fileText(this.state));
  }

  /** Imports a scenario file (or a flow list); a bad one leaves the draft as it is and says why. */
  async importFile(name: string, text: string): Promise<boolean> {
    return (await actions()).importFile(this.host, name, text);
  }

  /**
   * Replaces the draft's topology with an expanded preset (app/presetLoad.ts, loaded with the
   * first preset: issue 20).
   */
  async loadPreset(name: string, params: Readonly<Record<string, ParamValue>>): Promise<boolean> {
    const { loadPreset } = await import('./presetLoad');
    return loadPreset(this.store, this.sim, name, params);
  }

  /**
   * Starts saving the draft and preferences to local storage after every change (debounced),
   * and asking the core which scheduler each port of the draft runs.
   */
  startAutosave(): void {
    if (this.unsubscribeSave) return;
    const stored = (s: AppState) => [s.history.present, s.speed, s.compare, s.presentation, s.toured] as const;
    let saved = stored(this.state);
    void this.askPortChoices();
    this.unsubscribeSave = this.store.subscribe(() => {
      const now = stored(this.state);
      if (now.every((v, i) => v === saved[i])) return;
      const draftChanged = now[0] !== saved[0];
      saved = now;
      if (this.saveTimer !== null) clearTimeout(this.saveTimer);
      this.saveTimer = setTimeout(() => {
        this.flush();
        if (draftChanged) void this.askPortChoices();
      }, SAVE_DELAY_MS);
    });
  }

  /** Asks the core what each port of the draft runs; a draft it cannot read keeps the last answer. */
  private async askPortChoices(): Promise<void> {
    const draft = this.state.history.present;
    try {
      const ports = parsePortChoices(await this.sim.portSchedulers(scenarioText(draft)));
      if (ports && this.state.history.present === draft) this.store.dispatch((s) => ({ ...s, portChoices: ports }));
    } catch {
      // A draft the core cannot read yet: the forms show the last answer.
    }
  }

  /** Saves now (page hide, tests). */
  flush(): void {
    if (this.saveTimer !== null) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    this.env.storage.save(STORAGE_KEY, storageRecord(this.state));
  }

  /**
   * Each group's FCT CDF (its completed flows') as the core computes the run's (metrics::cdf,
   * through the binding); null when the worker could not answer (cancelled, or an error).
   */
  async groupFctCdfs(summary: RunSummary, groups: readonly FlowGroup[]): Promise<number[][] | null> {
    const m = fctMembers(summary, groups);
    try {
      return JSON.parse(await this.sim.fctCdfs(m.groups, m.group, m.fctNs)) as number[][];
    } catch {
      return null;
    }
  }

  /** Drives playback from requestAnimationFrame; returns a function that stops it. */
  startClock(): () => void {
    let last: number | null = null;
    const frame = (now: number) => {
      // Clamp the step so a background tab does not jump far ahead when it comes back.
      const dt = last === null ? 0 : Math.min(100, now - last);
      last = now;
      if (this.state.playing) this.store.dispatch(tick(dt));
      this.clock = requestAnimationFrame(frame);
    };
    this.clock = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(this.clock);
  }

  private async loadCatalogs(): Promise<void> {
    try {
      const [schedulers, presets, replays] = await Promise.all([this.sim.schedulers(), this.sim.presets(), this.sim.replayCatalog()]);
      this.store.dispatch(catalogsLoaded(
        parseRegistry<SchedulerInfo>(schedulers),
        parseRegistry<PresetInfo>(presets),
        parseReplayCatalog(replays),
      ));
    } catch (err) {
      this.store.dispatch(showError(`The scheduler registry could not be read: ${message(err)}`));
    }
  }

  /** A scenario the editor can work on, as the core makes it: a preset topology expanded into
   * nodes and links, node_schedulers folded into the nodes. */
  private async editable(s: Scenario): Promise<Prepared> {
    try {
      const r = restoreScenario(await this.sim.editable(scenarioText(s)));
      if (!r.ok) return r;
      return isPreset(r.scenario.topology)
        ? { ok: false, error: 'topology: the preset was not expanded' }
        : { ok: true, scenario: r.scenario as EditableScenario };
    } catch (err) {
      return err instanceof SimCancelled ? CANCELLED : { ok: false, error: message(err) };
    }
  }

  /**
   * The core refused the draft: the message goes next to its field, or to the banner. Which
   * field shows it (scenario/errorField.ts, with every traffic form's fields) loads on the
   * first refusal, not before the first paint (issue 20).
   */
  private async refuse(problem: string): Promise<void> {
    const { path, message: text } = splitCoreMessage(problem);
    const field = path === '' ? null : (await import('../scenario/errorField')).fieldFor(draftOf(this.state), path);
    if (field !== null) this.store.dispatch(showFieldError({ path: field, message: text }));
    else this.store.dispatch(showError(`The scenario is not valid: ${sentence(problem)}`));
  }
}

// The open lesson: which lesson, its steps' scenarios (from the core), the step on screen, and
// the learner's progress (kept in localStorage). Showing a step loads its scenario as the draft
// and runs it (when the run on screen is not already of it), then sets up the view the step
// names: tab, replay, port, charts, playhead, and the marks of its highlight. Answers and
// exercises are graded by the core (lesson/worker.ts); nothing here decides one.
import * as Comlink from 'comlink';
import type { Controller } from '../app/controller';
import type { Chart, LessonFile, StepSpec } from '../generated/lesson';
import { parseTime } from '../scenario/units';
import { loadTheory } from '../sim/theoryLoader';
import { setSideTab, type SideTab } from '../store/appState';
import { select } from '../store/editorActions';
import { closeReplay, showLessonFocus, showLessonMark } from '../store/replayActions';
import { LESSONS, lessonMeta, scenarioFiles } from './files';
import { lessonHash, MAX_LESSON_BYTES, type LessonLink } from './link';
import { PROGRESS_KEY, progressOf, readProgress, withAnswer, withExercise, withStep, type LessonProgress, type Progress } from './progress';
import type { LessonWorkerApi } from './worker';

export interface OpenLesson {
  /** The bundled lesson's id, or "file:NAME" for a teacher's file. */
  readonly id: string;
  readonly file: LessonFile;
  readonly text: string;
  /** The scenario files the lesson names, path -> text (JSON, as the core reads them). */
  readonly files: string;
  readonly scenarios: readonly string[];
  readonly step: number;
  /** A link that opens this lesson at this step. */
  readonly link: LessonLink;
}

export interface LessonState {
  readonly open: OpenLesson | null;
  readonly progress: Progress;
  /** What is being worked out: a step loading, an answer or an exercise being graded. */
  readonly busy: string | null;
  /** Why the last action failed (a malformed lesson, a link, a run). */
  readonly error: string | null;
}

/** The chart cards' ids in the results board (ChartCard `card-ID`). */
const chartCard = (c: Chart): string => `card-${c.replace(/_/g, '-')}`;

const TABS: Readonly<Record<NonNullable<StepSpec['view']>['tab'] & string, SideTab>> = {
  results: 'results', inspect: 'inspect', traffic: 'traffic', packet: 'packet', replay: 'replay', compare: 'compare',
};

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export class LessonSession {
  private state: LessonState;
  private readonly listeners = new Set<() => void>();
  private worker: Comlink.Remote<LessonWorkerApi> | null = null;
  /** Counts showCharts calls: a retry for an earlier step gives up. */
  private chartsShown = 0;

  constructor(private readonly controller: Controller, private readonly storage: Storage | null) {
    this.state = { open: null, progress: readProgress(this.load()), busy: null, error: null };
  }

  private load(): string | null {
    try {
      return this.storage?.getItem(PROGRESS_KEY) ?? null;
    } catch {
      return null;
    }
  }

  readonly subscribe = (f: () => void): (() => void) => {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  };

  readonly get = (): LessonState => this.state;

  private set(patch: Partial<LessonState>): void {
    this.state = { ...this.state, ...patch };
    if (patch.progress) {
      try {
        this.storage?.setItem(PROGRESS_KEY, JSON.stringify(this.state.progress));
      } catch {
        // storage full or disabled: progress lives until the tab closes
      }
    }
    for (const f of this.listeners) f();
  }

  private api(): Comlink.Remote<LessonWorkerApi> {
    this.worker ??= Comlink.wrap<LessonWorkerApi>(new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'lessons' }));
    return this.worker;
  }

  progressOf(id: string): LessonProgress {
    return progressOf(this.state.progress, id);
  }

  /** Opens a lesson link (a bundled lesson or a teacher's file) at its step. */
  async openLink(link: LessonLink): Promise<boolean> {
    if (link.kind === 'bundled') {
      const entry = LESSONS.find((l) => l.id === link.id);
      if (!entry) {
        this.set({ error: `There is no lesson "${link.id}" in this page (the lessons: ${LESSONS.map((l) => l.id).join(', ')}).` });
        return false;
      }
      return this.openText(entry.id, entry.text, link.step);
    }
    return this.openFile('a lesson link', link.text, link.step);
  }

  /** Opens a teacher's lesson file (read from disk or a link). */
  async openFile(name: string, text: string, step = 0): Promise<boolean> {
    if (text.length > MAX_LESSON_BYTES) {
      this.set({ error: `${name} is ${text.length} bytes; a lesson file has at most ${MAX_LESSON_BYTES}.` });
      return false;
    }
    const meta = lessonMeta(text);
    return this.openText(`file:${meta?.name ?? name}`, text, step, name);
  }

  private async openText(id: string, text: string, step: number, source?: string): Promise<boolean> {
    this.set({ busy: 'Reading the lesson…', error: null });
    let scenarios: string[];
    let files: string;
    try {
      files = JSON.stringify(await scenarioFiles(text));
      scenarios = await this.api().plan(text, files);
    } catch (err) {
      this.set({ busy: null, error: `${source ? `${source} is not a lesson the page can open` : 'This lesson cannot be opened'}: ${message(err)}` });
      return false;
    }
    const file = lessonMeta(text) as LessonFile;
    const at = Math.min(step, scenarios.length - 1);
    const link: LessonLink = id.startsWith('file:') ? { kind: 'file', text, step: at } : { kind: 'bundled', id, step: at };
    this.set({ open: { id, file, text, files, scenarios, step: at, link }, busy: null });
    // A lesson opened fresh: the tour waits for another visit.
    this.controller.store.dispatch((s) => (s.dialog === 'tour' ? { ...s, dialog: null } : s));
    return this.go(at);
  }

  private setHash(hash: string): void {
    if (typeof window !== 'undefined') window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}${hash}`);
  }

  close(): void {
    this.setHash('');
    this.controller.store.dispatch(showLessonMark(null, null));
    this.controller.store.dispatch(showLessonFocus(null));
    this.set({ open: null, error: null });
  }

  /** The fragment that opens the lesson at the step on screen. */
  hash(): string | null {
    const o = this.state.open;
    return o ? lessonHash({ ...o.link, step: o.step }) : null;
  }

  /** Shows step `i`: its scenario (run if not on screen), its view and its marks. */
  async go(i: number): Promise<boolean> {
    const o = this.state.open;
    if (!o || i < 0 || i >= o.scenarios.length) return false;
    this.set({ open: { ...o, step: i }, progress: withStep(this.state.progress, o.id, i), busy: 'Running the step…', error: null });
    // The address bar opens this step again: a reload, or a link copied from it.
    this.setHash(lessonHash({ ...o.link, step: i }));
    const spec = o.file.steps[i] as StepSpec;
    const text = o.scenarios[i] as string;
    const store = this.controller.store;
    if (store.getState().run?.scenarioText !== text) {
      const ok = await this.controller.openExample(`“${o.file.name}”, step ${i + 1}`, () => Promise.resolve(text));
      if (!ok) {
        this.set({ busy: null });
        return false;
      }
    }
    if (this.state.open?.step !== i) return false; // the learner moved on meanwhile
    const view = spec.view ?? {};
    if (view.replay) {
      if (store.getState().replay?.name !== view.replay && !(await this.controller.recordReplay(view.replay))) {
        this.set({ busy: null });
        return false;
      }
    } else if (store.getState().replay) store.dispatch(closeReplay);
    const port = view.port ?? spec.highlight?.port ?? null;
    if (port) {
      const links = store.getState().history.present.topology.links;
      const index = links.findIndex((l) => (l.from === port.from && l.to === port.to) || (l.from === port.to && l.to === port.from));
      if (index >= 0) store.dispatch(select({ kind: 'link', index }));
    }
    // After the selection, which may show the Inspector: the step's tab wins.
    if (view.tab) store.dispatch(setSideTab(TABS[view.tab]));
    const at = view.at ? parseTime(view.at) : null;
    const t = at?.ok ? at.value : null;
    const h = spec.highlight;
    await loadTheory();
    const mark = h?.node && at ? { at: view.at as string, node: h.node, packets: h.packets ?? [], text: spec.title, ...(view.replay ? { replay: view.replay } : {}) } : null;
    store.dispatch(showLessonMark(mark, t));
    const from = h?.during ? parseTime(h.during[0]) : null;
    const to = h?.during ? parseTime(h.during[1]) : null;
    store.dispatch(showLessonFocus({
      port,
      flow: view.flow ?? h?.flow ?? null,
      during: h?.chart && from?.ok && to?.ok && from.value !== null && to.value !== null ? { chart: h.chart, span: [from.value, to.value] } : null,
      zoom: view.zoom ?? null,
      centre: h?.node ?? port?.from ?? null,
    }));
    this.set({ busy: null });
    this.showCharts([...(view.charts ?? []), ...(h?.chart ? [h.chart] : [])], h?.chart ?? null, h?.flow ?? null);
    return true;
  }

  /**
   * Brings the step's charts into view, the highlighted one marked (no chart: the flow's row).
   * The charts load with the results board (a chunk of its own): until the card is there, it
   * tries again (for 5 s).
   */
  private showCharts(charts: readonly Chart[], marked: Chart | null, flow: string | null, tries = 50, token = ++this.chartsShown): void {
    if (typeof document === 'undefined' || token !== this.chartsShown) return;
    for (const el of document.querySelectorAll('.lesson-marked')) el.classList.remove('lesson-marked');
    const first = charts[0];
    // No chart named: the flow's row in the flow table, if the step marks one.
    const selector = first ? `[data-testid="${chartCard(first)}"]` : flow ? `[data-testid="flow-row-${CSS.escape(flow)}"]` : null;
    if (!selector) return;
    const card = document.querySelector(selector);
    if (!card) {
      if (tries > 0) setTimeout(() => this.showCharts(charts, marked, flow, tries - 1, token), 100);
      return;
    }
    requestAnimationFrame(() => {
      card.scrollIntoView({ block: 'nearest' });
      if (marked) document.querySelector(`[data-testid="${chartCard(marked)}"]`)?.classList.add('lesson-marked');
    });
  }

  /** The core grades `answer` to step `i`'s question on the step's run. */
  async answer(i: number, answer: number): Promise<void> {
    const o = this.state.open;
    if (!o) return;
    this.set({ busy: 'Checking your answer against the run…' });
    try {
      const g = JSON.parse(await this.api().grade(o.text, o.files, i, JSON.stringify(answer))) as { correct: boolean; message: string };
      this.set({ busy: null, progress: withAnswer(this.state.progress, o.id, i, { answer, correct: g.correct, message: g.message }) });
    } catch (err) {
      this.set({ busy: null, error: `Your answer could not be checked: ${message(err)}` });
    }
  }

  /** The core checks step `i`'s exercise on the learner's last run. */
  async checkExercise(i: number): Promise<void> {
    const o = this.state.open;
    const run = this.controller.store.getState().run;
    if (!o) return;
    if (!run) {
      this.set({ error: 'Run your scenario first: the exercise is checked on your run.' });
      return;
    }
    this.set({ busy: 'Checking the exercise on your run…' });
    try {
      const r = JSON.parse(await this.api().exercise(o.text, o.files, i, run.scenarioText)) as { passed: boolean; message: string };
      this.set({ busy: null, progress: withExercise(this.state.progress, o.id, i, r) });
    } catch (err) {
      this.set({ busy: null, error: `The exercise could not be checked: ${message(err)}` });
    }
  }

  dismissError(): void {
    this.set({ error: null });
  }
}

// Page object for the playground: what a user sees and does, by data-testid.
import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import type { PlaygroundHandle } from '../../web/src/app/testHandle';
import type { DrawnFrame } from '../../web/src/view/packetLayer';

/** Handle methods that take no argument (queries). */
type QueryName = { [K in keyof PlaygroundHandle]: Parameters<PlaygroundHandle[K]> extends [] ? K : never }[keyof PlaygroundHandle];
export type Tool = 'select' | 'host' | 'router' | 'link';
export type Tab = 'results' | 'inspect' | 'traffic' | 'packet' | 'replay' | 'compare' | 'sweep';

export class PlaygroundPage {
  readonly consoleErrors: string[] = [];
  readonly topology: Locator;
  readonly traceHash: Locator;
  readonly errorMessage: Locator;
  readonly notice: Locator;
  readonly shareButton: Locator;
  readonly shareLink: Locator;
  readonly playPause: Locator;
  readonly stepButton: Locator;
  readonly stepBackButton: Locator;
  readonly speed: Locator;
  readonly scrub: Locator;
  readonly time: Locator;
  readonly lastEvent: Locator;
  readonly runButton: Locator;

  constructor(readonly page: Page) {
    page.on('console', (msg) => {
      if (msg.type() === 'error') this.consoleErrors.push(msg.text());
    });
    page.on('pageerror', (err) => this.consoleErrors.push(String(err)));
    const id = (testId: string) => page.getByTestId(testId);
    this.topology = id('topology');
    this.traceHash = id('trace-hash');
    this.errorMessage = id('error-message');
    this.notice = id('notice-message');
    this.shareButton = id('share');
    this.shareLink = id('share-link');
    this.playPause = id('play-pause');
    this.stepButton = id('step');
    this.stepBackButton = id('step-back');
    this.speed = id('speed');
    this.scrub = id('scrub');
    this.time = id('time');
    this.lastEvent = id('last-event');
    this.runButton = id('run');
  }

  /**
   * Opens the page (optionally at a URL fragment), waits until a run is on screen, and closes
   * the guided tour a first visit opens (e2e/tour.spec.ts checks the tour itself).
   */
  async open(hashOrUrl = ''): Promise<this> {
    await this.page.goto(hashOrUrl.startsWith('http') ? hashOrUrl : `/${hashOrUrl}`);
    await this.waitForRun();
    await this.dismissTour();
    return this;
  }

  /**
   * Closes the guided tour if it is open (it opens on a browser's first visit). The store says
   * whether it is open: the tour's chunk loads on demand, so it may not be drawn yet.
   */
  async dismissTour(): Promise<void> {
    const tour = this.page.getByTestId('tour');
    if ((await this.handle('dialog')) === 'tour') {
      await this.page.getByTestId('tour-skip').click();
      await expect(tour).toHaveCount(0);
    }
  }

  async waitForRun(): Promise<void> {
    await expect.poll(() => this.handle('runState'), { timeout: 30_000 }).toBe('done');
    await expect(this.traceHash).toHaveText(/^[0-9a-f]{32}$/);
  }

  /** Calls a query of the app's test handle, window.__playground. */
  async handle<K extends QueryName>(name: K): Promise<ReturnType<PlaygroundHandle[K]> | undefined> {
    return this.page.evaluate((n) => {
      const h = window.__playground;
      return h ? (h[n]() as ReturnType<PlaygroundHandle[K]>) : undefined;
    }, name);
  }

  async playhead(): Promise<number> {
    return (await this.handle('playhead')) ?? Number.NaN;
  }

  /** Moves the playhead to `ns` (ns of simulated time), through the test handle. */
  async seek(ns: number): Promise<void> {
    await this.page.evaluate((at) => window.__playground?.seek(at), ns);
  }

  /** What the drawing shows at the playhead: queues, in-flight packets, flashes. */
  async drawn(): Promise<DrawnFrame> {
    return (await this.handle('drawn')) as DrawnFrame;
  }

  /**
   * Moves the playhead from `from` ns in steps of `step` ns (while before `to`) until what is
   * drawn satisfies `done`; returns that frame (the last one drawn if none does).
   */
  async seekUntil(from: number, to: number, step: number, done: (frame: DrawnFrame) => boolean): Promise<DrawnFrame | null> {
    let frame: DrawnFrame | null = null;
    for (let t = from; t < to; t += step) {
      await this.seek(t);
      frame = await this.drawn();
      if (done(frame)) break;
    }
    return frame;
  }

  /** The index of the port from node `from` to node `to` (the test fails if there is none). */
  async portIndex(from: string, to: string): Promise<number> {
    const ports = (await this.handle('ports')) ?? [];
    const i = ports.findIndex((p) => p.node === from && p.to === to);
    expect(i).toBeGreaterThanOrEqual(0);
    return i;
  }

  async isPlaying(): Promise<boolean> {
    return (await this.playPause.getAttribute('aria-label')) === 'Pause';
  }

  async play(): Promise<void> {
    if (!(await this.isPlaying())) await this.playPause.click();
    await expect(this.playPause).toHaveAccessibleName('Pause');
  }

  async pause(): Promise<void> {
    if (await this.isPlaying()) await this.playPause.click();
    await expect(this.playPause).toHaveAccessibleName('Play');
  }

  async step(): Promise<void> {
    await this.stepButton.click();
  }

  async stepBack(): Promise<void> {
    await this.stepBackButton.click();
  }

  /** Picks a speed by its label, e.g. "80 ms/s". */
  async setSpeed(label: string): Promise<void> {
    await this.speed.selectOption({ label });
  }

  /** Clicks Share and returns the link shown in the text field. */
  async share(): Promise<string> {
    await this.shareButton.click();
    await expect(this.shareLink).toHaveValue(/#v[12]\./);
    return this.shareLink.inputValue();
  }

  async dismissError(): Promise<void> {
    await this.page.getByTestId('error-dismiss').click();
  }

  // ---- The editor

  node(id: string): Locator {
    return this.page.getByTestId(`node-${id}`);
  }

  link(index: number): Locator {
    return this.page.getByTestId(`link-${index}`);
  }

  /** Clicks a link a third of the way along (its middle carries the label). */
  async clickLink(index: number): Promise<void> {
    const line = this.link(index).locator('.link-hit');
    const [x1, y1, x2, y2] = await Promise.all(['x1', 'y1', 'x2', 'y2'].map(async (a) => Number(await line.getAttribute(a))));
    const box = await this.topology.boundingBox();
    if (!box) throw new Error('the drawing is not visible');
    await this.page.mouse.click(box.x + (2 * (x1 ?? 0) + (x2 ?? 0)) / 3, box.y + (2 * (y1 ?? 0) + (y2 ?? 0)) / 3);
  }

  async useTool(tool: Tool): Promise<void> {
    await this.page.getByTestId(`tool-${tool}`).click();
  }

  /** Clicks the drawing at a fraction of its width and height. */
  async clickDrawing(fx: number, fy: number): Promise<void> {
    const box = await this.topology.boundingBox();
    if (!box) throw new Error('the drawing is not visible');
    await this.page.mouse.click(box.x + fx * box.width, box.y + fy * box.height);
  }

  async newScenario(): Promise<void> {
    await this.page.getByTestId('new').click();
    await expect(this.topology.locator('.node')).toHaveCount(0);
  }

  /** Places a node with the Host or Router tool. */
  async addNode(kind: 'host' | 'router', fx: number, fy: number): Promise<void> {
    await this.useTool(kind);
    await this.clickDrawing(fx, fy);
  }

  /** Connects two nodes with the Link tool. */
  async connect(a: string, b: string): Promise<void> {
    await this.useTool('link');
    await this.node(a).click();
    await this.node(b).click();
  }

  async tab(name: Tab): Promise<void> {
    await this.page.getByTestId(`tab-${name}`).click();
  }

  /** A form field by its scenario path, e.g. "topology.links[1].bandwidth". */
  field(path: string): Locator {
    return this.page.getByTestId(`field-${path}`);
  }

  fieldError(path: string): Locator {
    return this.page.getByTestId(`field-error-${path}`);
  }

  /** Types into a text field and commits it (Enter). */
  async fill(path: string, value: string): Promise<void> {
    await this.field(path).fill(value);
    await this.field(path).press('Enter');
  }

  async choose(path: string, option: string): Promise<void> {
    await this.field(path).selectOption(option);
  }

  async draft<T = Record<string, unknown>>(): Promise<T> {
    return (await this.handle('draft')) as T;
  }

  /** Presses Run and waits for the new run to be on screen. */
  async run(): Promise<void> {
    const before = (await this.handle('runsFinished')) ?? 0;
    await this.runButton.click();
    await expect.poll(() => this.handle('runsFinished'), { timeout: 30_000 }).toBeGreaterThan(before);
    await this.waitForRun();
  }

  /**
   * Sets the scenario's duration (the Inspect tab with nothing selected) and presses Run,
   * without waiting; returns the trace hash on screen before (the last run's).
   */
  async startRunFor(duration: string): Promise<string> {
    const before = (await this.traceHash.textContent()) ?? '';
    await this.tab('inspect');
    await this.fill('duration', duration);
    await this.runButton.click();
    return before;
  }

  /** Exports the draft; returns the downloaded file's name and text. */
  async exportFile(): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId('export').click()]);
    const path = await download.path();
    return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
  }

  // ---- The example gallery and the replay view

  /** Opens Examples… and loads one (e.g. "ups/default-random"), then waits for its run. */
  async openExample(path: string): Promise<void> {
    const before = (await this.handle('runsFinished')) ?? 0;
    await this.page.getByTestId('examples').click();
    await expect(this.page.getByTestId('gallery')).toBeVisible();
    await this.page.getByTestId(`example-${path}`).click();
    await expect.poll(() => this.handle('runsFinished'), { timeout: 60_000 }).toBeGreaterThan(before);
    await this.waitForRun();
  }

  /** Opens an example and pauses it, with the playhead at `at` ns when given. */
  async openPaused(path: string, at?: number): Promise<void> {
    await this.openExample(path);
    await this.pause();
    if (at !== undefined) await this.seek(at);
  }

  /** The Inspect tab with link `index` selected: its ports' schedulers and their state. */
  async inspectLink(index: number): Promise<void> {
    await this.tab('inspect');
    await this.clickLink(index);
  }

  /** A FSC or SCED port's curve view (port "r-d": from r to d), its flow picker and its summary. */
  curveView(port: string): { view: Locator; flow: Locator; summary: Locator } {
    const view = this.page.getByTestId(`curve-view-${port}`);
    return { view, flow: view.getByTestId('curve-flow'), summary: view.getByTestId('curve-summary') };
  }

  /** The Inspect tab with node `id` selected: its form, its scheduler. */
  async inspectNode(id: string): Promise<void> {
    await this.tab('inspect');
    await this.node(id).click();
  }

  /** In the Replay tab: picks a mode, presses Record & replay and waits for the side-by-side view. */
  async recordReplay(mode: string): Promise<void> {
    await this.tab('replay');
    await this.page.getByTestId('replay-mode').selectOption(mode);
    const before = (await this.handle('replay'))?.traceHash ?? null;
    await this.page.getByTestId('replay-run').click();
    await expect.poll(async () => {
      const r = await this.handle('replay');
      return r && r.mode === mode && r.traceHash !== before ? r.state : null;
    }, { timeout: 60_000 }).toBe('idle');
    await expect(this.page.getByTestId('side-by-side')).toBeVisible();
  }

  /** A Table 1 metric's cell: "value" (a count) or "fraction". */
  metric(id: string, cell: 'value' | 'fraction' = 'value'): Locator {
    return this.page.getByTestId(`metric-${id}-${cell}`);
  }

  overdueRow(i: number): Locator {
    return this.page.getByTestId(`overdue-row-${i}`);
  }

  async importFile(name: string, text: string): Promise<void> {
    await this.page.getByTestId('import-file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  }
}

// Page object for the Compare tab and the compare view: what a user picks, runs, sees and saves,
// by data-testid.
import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page } from '@playwright/test';
import type { ComparisonInfo } from '../../web/src/app/testHandle';
import { PlaygroundPage } from './playground';

/** The charts of the results board, by card id. */
export const CHARTS = [
  'fct-cdf', 'slowdown-cdf', 'fct-mean-by-size', 'fct-p99-by-size', 'delay-cdf', 'wait', 'queue', 'throughput', 'fairness', 'drops',
] as const;
export type ChartId = (typeof CHARTS)[number];

export interface Saved {
  name: string;
  bytes: Buffer;
}

export class ComparePage {
  readonly view: Locator;
  readonly runButton: Locator;
  readonly addButton: Locator;
  readonly summary: Locator;

  constructor(readonly app: PlaygroundPage) {
    const id = (testId: string) => app.page.getByTestId(testId);
    this.view = id('compare-view');
    this.runButton = id('compare-run');
    this.addButton = id('compare-add');
    this.summary = id('summary').last();
  }

  /** Loads an example when given one, then opens the Compare tab. */
  static async open(app: PlaygroundPage, example?: string): Promise<ComparePage> {
    if (example !== undefined) await app.openExample(example);
    const compare = new ComparePage(app);
    await compare.openTab();
    return compare;
  }

  get page(): Page {
    return this.app.page;
  }

  async openTab(): Promise<void> {
    await this.app.tab('compare');
    await expect(this.page.getByTestId('compare-tab')).toBeVisible();
  }

  /** Picks the scheduler of row `i` (0-based), adding rows as needed. */
  async pick(i: number, scheduler: string): Promise<void> {
    while ((await this.page.getByTestId(`compare-row-${i}`).count()) === 0) await this.addButton.click();
    await this.app.choose(`compare[${i}].scheduler`, scheduler);
  }

  /** Picks the schedulers of rows 0, 1, ... in order. */
  async pickAll(schedulers: readonly string[]): Promise<void> {
    for (const [i, s] of schedulers.entries()) await this.pick(i, s);
  }

  /** Presses Compare and waits until the runs are on screen side by side. */
  async run(): Promise<ComparisonInfo> {
    await this.runButton.click();
    await expect(this.view).toBeVisible({ timeout: 120_000 });
    return this.info();
  }

  async info(): Promise<ComparisonInfo> {
    const info = await this.app.handle('comparison');
    if (!info) throw new Error('no comparison has run');
    return info;
  }

  panelTitle(i: number): Locator {
    return this.page.getByTestId(`compare-title-${i}`);
  }

  /** A chart of the compare view's board (the Results tab has its own board). */
  chart(id: ChartId): Locator {
    return this.page.getByTestId('compare-results').getByTestId(`card-${id}`);
  }

  /** Series drawn in a chart: lines, or the series of its bars. */
  async seriesCount(id: ChartId): Promise<number> {
    const card = this.chart(id);
    const lines = await card.locator('path.series').count();
    if (lines > 0) return lines;
    const bars = await card.locator('rect.series').evaluateAll((els) => new Set(els.map((e) => e.getAttribute('data-series'))).size);
    return bars;
  }

  /** The names in a chart's legend. */
  legend(id: ChartId): Locator {
    return this.chart(id).locator('.legend-item text');
  }

  /** Clicks a save button and returns the file the browser downloads. */
  async save(button: Locator): Promise<Saved> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), button.click()]);
    return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
  }

  async exportChart(id: ChartId, format: 'svg' | 'png'): Promise<Saved> {
    return this.save(this.chart(id).getByTestId(`export-${format}-${id}`));
  }

  async exportSummary(): Promise<Saved> {
    return this.save(this.page.getByTestId('compare-results').getByTestId('export-csv-summary'));
  }

  /** A cell of the summary table: column id, row (scheduler) index. */
  cell(column: string, row: number): Locator {
    return this.page.getByTestId('compare-results').getByTestId(`summary-${column}-${row}`);
  }

  async backToEditor(): Promise<void> {
    await this.page.getByTestId('compare-back').click();
    await expect(this.view).toBeHidden();
  }
}

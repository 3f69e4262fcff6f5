// Page object for the playground: what a user sees and does, by data-testid.
import { expect, type Locator, type Page } from '@playwright/test';
import type { PlaygroundHandle } from '../../web/src/app/testHandle';

export class PlaygroundPage {
  readonly consoleErrors: string[] = [];
  readonly topology: Locator;
  readonly traceHash: Locator;
  readonly errorMessage: Locator;
  readonly shareButton: Locator;
  readonly shareLink: Locator;
  readonly playPause: Locator;
  readonly stepButton: Locator;
  readonly stepBackButton: Locator;
  readonly speed: Locator;
  readonly scrub: Locator;
  readonly time: Locator;
  readonly lastEvent: Locator;

  constructor(readonly page: Page) {
    page.on('console', (msg) => {
      if (msg.type() === 'error') this.consoleErrors.push(msg.text());
    });
    page.on('pageerror', (err) => this.consoleErrors.push(String(err)));
    const id = (testId: string) => page.getByTestId(testId);
    this.topology = id('topology');
    this.traceHash = id('trace-hash');
    this.errorMessage = id('error-message');
    this.shareButton = id('share');
    this.shareLink = id('share-link');
    this.playPause = id('play-pause');
    this.stepButton = id('step');
    this.stepBackButton = id('step-back');
    this.speed = id('speed');
    this.scrub = id('scrub');
    this.time = id('time');
    this.lastEvent = id('last-event');
  }

  /** Opens the page (optionally at a URL fragment) and waits until a run is on screen. */
  async open(hashOrUrl = ''): Promise<this> {
    await this.page.goto(hashOrUrl.startsWith('http') ? hashOrUrl : `/${hashOrUrl}`);
    await this.waitForRun();
    return this;
  }

  async waitForRun(): Promise<void> {
    await expect.poll(() => this.handle('runState'), { timeout: 30_000 }).toBe('done');
    await expect(this.traceHash).toHaveText(/^[0-9a-f]{64}$/);
  }

  /** Calls a method of the app's test handle, window.__playground. */
  async handle<K extends keyof PlaygroundHandle>(name: K): Promise<ReturnType<PlaygroundHandle[K]> | undefined> {
    return this.page.evaluate((n) => {
      const h = window.__playground;
      return h ? (h[n]() as ReturnType<PlaygroundHandle[K]>) : undefined;
    }, name);
  }

  async playhead(): Promise<number> {
    return (await this.handle('playhead')) ?? Number.NaN;
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
    await expect(this.shareLink).toHaveValue(/#v1\./);
    return this.shareLink.inputValue();
  }

  async dismissError(): Promise<void> {
    await this.page.getByTestId('error-dismiss').click();
  }
}

// Side effects of the app: the simulation worker, the share link, the clipboard and the clock.
// Everything that changes state does so by dispatching a pure action from store/appState.ts.
import { buildShareLink, decodeScenarioHash } from '../share/link';
import { SimCancelled, type SimClientLike } from '../sim/client';
import {
  loadRun, runCancelled, runFailed, runFinished, runStarted, shareLinkBuilt, showError, tick,
  type AppState,
} from '../store/appState';
import type { Store } from '../store/store';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
/** Ends a message with a full stop unless it already has one. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export class Controller {
  private clock = 0;

  constructor(
    readonly store: Store<AppState>,
    private readonly sim: SimClientLike,
    private readonly defaultScenarioText: string,
  ) {}

  /** First load: the scenario in the link if there is a good one, else the default. */
  async boot(hash: string): Promise<void> {
    if (hash.length <= 1) {
      await this.run(this.defaultScenarioText);
      return;
    }
    const decoded = decodeScenarioHash(hash);
    if (!decoded.ok) return this.fallBack(decoded.error);
    let problem: string | null;
    try {
      problem = await this.sim.validate(decoded.text);
    } catch (err) {
      problem = message(err);
    }
    if (problem !== null) return this.fallBack(`This share link's scenario is not valid: ${problem}`);
    const ok = await this.run(decoded.text);
    if (!ok) return this.fallBack(`This share link's scenario could not be run: ${this.store.getState().error ?? ''}`);
  }

  /** Runs a scenario in the worker; resolves to false when it failed or was cancelled. */
  async run(scenarioText: string): Promise<boolean> {
    this.store.dispatch(runStarted(scenarioText));
    try {
      const result = await this.sim.run(scenarioText);
      this.store.dispatch(runFinished(loadRun(result)));
      return true;
    } catch (err) {
      if (err instanceof SimCancelled) this.store.dispatch(runCancelled);
      else this.store.dispatch(runFailed(`The run failed: ${message(err)}`));
      return false;
    }
  }

  cancel(): void {
    this.sim.cancel();
  }

  /** Builds the share link, shows it, and copies it when the clipboard allows. */
  async share(base: string): Promise<void> {
    const link = buildShareLink(base, this.store.getState().scenarioText);
    this.store.dispatch(shareLinkBuilt(link));
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // No clipboard (insecure context, permissions): the link stays in the text field.
    }
  }

  /** Drives playback from requestAnimationFrame; returns a function that stops it. */
  startClock(): () => void {
    let last: number | null = null;
    const frame = (now: number) => {
      // Clamp the step so a background tab does not jump far ahead when it comes back.
      const dt = last === null ? 0 : Math.min(100, now - last);
      last = now;
      if (this.store.getState().playing) this.store.dispatch(tick(dt));
      this.clock = requestAnimationFrame(frame);
    };
    this.clock = requestAnimationFrame(frame);
    return () => cancelAnimationFrame(this.clock);
  }

  private async fallBack(problem: string): Promise<void> {
    this.store.dispatch(showError(`${sentence(problem)} Showing the default scenario instead.`));
    await this.run(this.defaultScenarioText);
  }
}

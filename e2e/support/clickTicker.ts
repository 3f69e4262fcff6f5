// A stand-in for a user clicking through a long run: every 25 ms the page clicks the side tab
// on show (its handler runs, nothing else changes) and notes how long since the last click,
// with the run's phase then ('done' when no run is in progress). Used by the long-run test
// and the handover benchmark.
import type { Page } from '@playwright/test';

export interface Answer {
  readonly phase: string;
  readonly ms: number;
}

/** Starts clicking; `stop` ends it and gives every wait, in order. */
export async function startClickTicker(page: Page): Promise<{ stop: () => Promise<Answer[]> }> {
  await page.evaluate(() => {
    const w = window as unknown as { __answers: { phase: string; ms: number }[]; __ticker: number };
    w.__answers = [];
    let last = performance.now();
    w.__ticker = window.setInterval(() => {
      const now = performance.now();
      document.querySelector<HTMLButtonElement>('[role=tab][aria-selected=true]')?.click();
      const phase = document.querySelector('[data-testid=run-progress]')?.getAttribute('data-phase') ?? 'done';
      w.__answers.push({ phase, ms: now - last });
      last = now;
    }, 25);
  });
  const stop = () => page.evaluate(() => {
    const w = window as unknown as { __answers: { phase: string; ms: number }[]; __ticker: number };
    window.clearInterval(w.__ticker);
    return w.__answers;
  });
  return { stop };
}

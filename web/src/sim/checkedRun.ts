// The run a check started, kept for the Run that follows it (issue 42): opening a link, a file
// or an example checks its scenario (validation, the work budget, the network built: the
// core's start_run), and the Run that follows takes that started run instead of checking the
// same text again. So a scenario is validated once per Run. Used by the worker; no logic of
// the simulation here.

/** What the worker keeps of a started run: the binding's RunHandle, freed when dropped. */
export interface Started {
  free(): void;
}

/** Starts a run of the text (validating and budgeting it first; throws "path: problem"). */
export type StartRun<H extends Started> = (scenarioText: string, maxTraceEvents: number) => H;

export class CheckedRun<H extends Started> {
  private kept: { text: string; max: number; handle: H } | null = null;

  constructor(private readonly start: StartRun<H>) {}

  /** Checks the text by starting its run, and keeps that run for `take` (a refusal throws and keeps nothing). */
  check(scenarioText: string, maxTraceEvents: number): H {
    this.drop();
    const handle = this.start(scenarioText, maxTraceEvents);
    this.kept = { text: scenarioText, max: maxTraceEvents, handle };
    return handle;
  }

  /** Whether a run of this text and trace budget is kept. */
  holds(scenarioText: string, maxTraceEvents: number): boolean {
    return this.kept !== null && this.kept.text === scenarioText && this.kept.max === maxTraceEvents;
  }

  /**
   * The run to advance: the kept one when it is of this text and trace budget, else one
   * started now (`onCheck` hears that it is checked first).
   */
  take(scenarioText: string, maxTraceEvents: number, onCheck?: () => void): H {
    const kept = this.kept;
    this.kept = null;
    if (kept !== null && kept.text === scenarioText && kept.max === maxTraceEvents) return kept.handle;
    kept?.handle.free();
    onCheck?.();
    return this.start(scenarioText, maxTraceEvents);
  }

  /** Frees the kept run, if any (another call needs the memory). */
  drop(): void {
    this.kept?.handle.free();
    this.kept = null;
  }
}

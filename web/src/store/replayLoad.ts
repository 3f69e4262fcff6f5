// A finished replay, wrapped for the view (store/replayActions.ts has the actions on it). Its own
// module, loaded by the controller when a replay's result arrives: it brings sim/replay.ts (the
// overdue index), which the first paint does not need (issue 20).
import { OverdueIndex, wentWrong } from '../sim/replay';
import type { RunResult } from '../sim/types';
import { loadRun, type LoadedReplay } from './appState';

/** Wraps a replay run for the view: its playback and the index of every overdue packet. */
export function loadReplay(result: RunResult, scenarioText: string, originalHash: string): LoadedReplay {
  const report = result.summary.replays[0];
  if (!report) throw new Error('the core returned a replay without its report');
  return {
    name: report.name,
    mode: report.mode,
    preemptive: report.preemptive,
    run: loadRun(result, scenarioText),
    report,
    overdue: new OverdueIndex(report.overdue_packets, wentWrong(result.overdue), report.original_ids),
    originalHash,
  };
}

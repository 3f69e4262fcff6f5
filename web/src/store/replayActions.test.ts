import { describe, expect, it } from 'vitest';
import { blankScenario } from '../scenario/commands';
import { indexed, traceFrom } from '../sim/testTrace';
import { EventKind as K, type OverduePacket, type RunResult, type RunSummary } from '../sim/types';
import { TEST_REPLAY_MODES } from '../sim/testReplayCatalog';
import { catalogsLoaded, initialState, loadRun, runFinished, seek, tick, timelineEnd } from './appState';
import { closeReplay, jumpToOverdue, replayFinished, replayStarted, setReplayMode, setReplayPreemptive } from './replayActions';
import { loadReplay } from './replayLoad';

const summary = (hash: string, extra: object = {}) => ({
  end_ns: 1000, trace_truncated: false, trace_end_ns: 1000, trace_hash: hash, nodes: [], ports: [], flows: [], ...extra,
}) as unknown as RunSummary;

const original: RunResult = indexed({
  summary: summary('aa'),
  trace: traceFrom([[0, K.Arrive, 0, 0, 0, 100], [500, K.Deliver, 0, 0, 1, 500]]),
});
const overdue: OverduePacket = {
  original_id: 0, replay_id: 0, flow: 0, exit_ns: 400, replay_exit_ns: 900, late_by_ns: 500, port: 0, at_ns: 300, behind_ns: 100, congestion_points: 1,
};
const replayResult: RunResult = indexed({
  summary: summary('bb', { end_ns: 2000, replays: [{ name: 'lstf', mode: 'lstf', preemptive: false, overdue: 1, overdue_packets: [overdue], original_ids: [0] }] }),
  trace: traceFrom([[0, K.Arrive, 0, 0, 0, 100], [1500, K.Deliver, 0, 0, 1, 1500]]),
});

function withRun() {
  return runFinished(loadRun(original, '{}'))(initialState(blankScenario()));
}

describe('replay actions', () => {
  it('shows a finished replay beside the run it replays', () => {
    const s = replayFinished(loadReplay(replayResult, '{}', 'aa'))(replayStarted(withRun()));
    expect(s.replayState).toBe('idle');
    expect(s.replay?.mode).toBe('lstf');
    expect(s.replay?.overdue.isOverdue(0, 300)).toBe(true);
  });

  it('opens at the start of the traffic, wherever the playhead was', () => {
    // The original's first event is at 0 here; a trace starting later starts there.
    const late: RunResult = indexed({ ...original, trace: traceFrom([[250, K.Arrive, 0, 0, 0, 100], [500, K.Deliver, 0, 0, 1, 500]]) });
    const ended = seek(1000)(runFinished(loadRun(late, '{}'))(initialState(blankScenario())));
    expect(ended.position.t).toBe(1000);
    expect(replayFinished(loadReplay(replayResult, '{}', 'aa'))(replayStarted(ended)).position.t).toBe(250);
  });

  it('drops a replay whose original is no longer the run on screen', () => {
    const s = replayFinished(loadReplay(replayResult, '{}', 'zz'))(replayStarted(withRun()));
    expect(s.replay).toBeNull();
    expect(s.replayState).toBe('idle');
  });

  it('a new run closes the replay', () => {
    const s = replayFinished(loadReplay(replayResult, '{}', 'aa'))(withRun());
    expect(runFinished(loadRun(original, '{}'))(s).replay).toBeNull();
    expect(closeReplay(s).replay).toBeNull();
  });

  it('the timeline runs to the later of the run and the replay', () => {
    const s = replayFinished(loadReplay(replayResult, '{}', 'aa'))(withRun());
    expect(timelineEnd(withRun())).toBe(1000);
    expect(timelineEnd(s)).toBe(1500);
    expect(seek(5000)(s).position.t).toBe(1500);
    // Played to the end, it stops where its overdue packet (gone wrong at 300) is in flight,
    // not at the end where both panes are empty.
    expect(tick(1e9)(s).position.t).toBe(300);
    expect(tick(1e9)(s).playing).toBe(false);
  });

  it('jumps to the moment an overdue packet went wrong, paused, following it', () => {
    const s = replayFinished(loadReplay(replayResult, '{}', 'aa'))(withRun());
    const j = jumpToOverdue(0)(s);
    expect(j.position).toEqual({ t: 300, cursor: 1 });
    expect(j.playing).toBe(false);
    expect(j.replayFollowed).toBe(0);
    expect(j.sideTab).toBe('replay');
    expect(jumpToOverdue(9)(s)).toBe(s);
  });

  it('keeps the mode picked, with its default service as the core\'s catalog gives it; the service can be changed', () => {
    const s = setReplayMode('omniscient')(catalogsLoaded([], null, TEST_REPLAY_MODES)(withRun()));
    expect([s.replayMode, s.replayPreemptive]).toEqual(['omniscient', true]);
    expect(setReplayMode('edf')(s).replayPreemptive).toBe(false);
    expect(setReplayPreemptive(true)(setReplayMode('edf')(s)).replayPreemptive).toBe(true);
  });

  it('refuses a replay run without its report', () => {
    expect(() => loadReplay({ ...replayResult, summary: summary('bb', { replays: [] }) }, '{}', 'aa')).toThrow(/report/);
  });
});

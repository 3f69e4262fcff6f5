import { useMemo } from 'react';
import { useAppState, usePanelPosition } from '../app/context';
import type { ViewMark } from '../sim/theory';
import { theoryLoaded } from '../sim/theoryLoader';
import type { AppState } from '../store/appState';

/** What a lesson step marks in one view: its node, its packets (view ids -> names), its text. */
export interface GuideFocus {
  readonly step: ViewMark;
  readonly node: string;
  readonly packets: ReadonlyMap<number, string>;
}

/**
 * The open lesson step's mark in the original view or the replay view, while the playhead is
 * at its moment, in the view it is about (a step about a replay needs that replay on screen).
 */
export function useGuideFocus(view: 'original' | 'replay'): GuideFocus | null {
  const run = useAppState((s) => s.run);
  const replay = useAppState((s) => s.replay);
  const step = useAppState((s: AppState) => s.lessonMark);
  const t = usePanelPosition().t;
  // A mark is shown only once sim/theory.ts is loaded (theoryLoader.ts; the session loads it first).
  const theory = step === null ? null : theoryLoaded();
  return useMemo(() => {
    const table = run?.result.summary.schedule;
    if (!step || !table || !theory || theory.stepTime(step) !== t) return null;
    if ((view === 'replay') !== Boolean(step.replay)) return null;
    if (step.replay && replay?.name !== step.replay) return null;
    return { step, node: step.node, packets: theory.stepPackets(step, table, replay?.report ?? null) };
  }, [step, t, run, replay, view, theory]);
}

/** The step's text over the view it is about. */
export function GuideCallout({ focus, view }: { focus: GuideFocus | null; view: 'original' | 'replay' }) {
  if (!focus) return null;
  return (
    <div className="guide-callout" role="note" data-testid={`guide-callout-${view}`}>
      <strong>{focus.node}</strong>
      {focus.packets.size > 0 && <span className="muted"> · {[...focus.packets.values()].join(', ')}</span>}: {focus.step.text}
    </div>
  );
}

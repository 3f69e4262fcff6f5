import { useMemo } from 'react';
import { useAppState, usePanelPosition } from '../app/context';
import type { GuideStep } from '../sim/theory';
import { theoryLoaded } from '../sim/theoryLoader';
import type { AppState } from '../store/appState';

/** What a guide step marks in one view: its node, its packets (view ids -> names), its text. */
export interface GuideFocus {
  readonly step: GuideStep;
  readonly node: string;
  readonly packets: ReadonlyMap<number, string>;
}

/**
 * The guide step to mark in the original view or the replay view: the current step, while the
 * playhead is at its moment, in the view it is about (a step about a replay needs that replay
 * on screen).
 */
export function useGuideFocus(view: 'original' | 'replay'): GuideFocus | null {
  const run = useAppState((s) => s.run);
  const replay = useAppState((s) => s.replay);
  const i = useAppState((s: AppState) => s.guideStep);
  // An open lesson's step marks the views as a guide step does.
  const mark = useAppState((s: AppState) => s.lessonMark);
  const t = usePanelPosition().t;
  // A step is shown only once the controller has loaded sim/theory.ts (theoryLoader.ts).
  const theory = i === null && mark === null ? null : theoryLoaded();
  const steps = useMemo(() => (run && theory ? theory.guideOf(run.scenarioText) : []), [run, theory]);
  return useMemo(() => {
    const step = mark ?? (i === null ? undefined : steps[i]);
    const table = run?.result.summary.schedule;
    if (!step || !table || !theory || theory.stepTime(step) !== t) return null;
    if ((view === 'replay') !== Boolean(step.replay)) return null;
    if (step.replay && replay?.name !== step.replay) return null;
    return { step, node: step.node, packets: theory.stepPackets(step, table, replay?.report ?? null) };
  }, [steps, i, mark, t, run, replay, view, theory]);
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

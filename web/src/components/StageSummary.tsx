import { useMemo } from 'react';
import { useAppState, usePanelPosition } from '../app/context';
import type { LoadedRun } from '../store/appState';
import { stageSummary } from '../view/stageSummary';

/**
 * The canvas's text alternative (what is queued where), for screen readers: at the panels'
 * playhead, so while playing it changes a few times a second rather than every frame.
 */
export function StageSummary({ run, flashSeconds }: { readonly run: LoadedRun; readonly flashSeconds: number }) {
  const position = usePanelPosition();
  const speed = useAppState((s) => s.speed);
  const text = useMemo(
    () => stageSummary(run.result.summary, run.playback.frame(position, flashSeconds * run.baseRate * speed)),
    [run, position, flashSeconds, speed],
  );
  return <p className="sr-only" data-testid="stage-summary">{text}</p>;
}

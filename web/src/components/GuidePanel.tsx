import { useMemo } from 'react';
import { useAppState, useController } from '../app/context';
import { guideOf, inUnits, stepTime } from '../sim/theory';

/**
 * A guided example's steps (the scenario's `guide`, UPS App. A): the proof's key moments in
 * order. Choosing one records the replay it is about (if needed), puts the playhead there,
 * pauses, and marks the node and packets in the view.
 */
export function GuidePanel() {
  const controller = useController();
  const run = useAppState((s) => s.run);
  const current = useAppState((s) => s.guideStep);
  const busy = useAppState((s) => s.replayState === 'running' || s.runState === 'running');
  const steps = useMemo(() => (run ? guideOf(run.scenarioText) : []), [run]);
  if (steps.length === 0) return null;
  const unit = run?.result.summary.schedule?.unit_ns ?? 1000;
  const go = (i: number) => void controller.guideStep(i);
  const at = current ?? -1;
  return (
    <section className="guide" aria-label="Guided example" data-testid="guide">
      <h3>
        Guided example <span className="muted small">{current === null ? `${steps.length} steps` : `step ${current + 1} of ${steps.length}`}</span>
      </h3>
      <div className="guide-nav">
        <button type="button" data-testid="guide-prev" disabled={busy || at <= 0} onClick={() => go(at - 1)}>◀ Previous</button>
        <button type="button" className="primary" data-testid="guide-next" disabled={busy || at >= steps.length - 1} onClick={() => go(at + 1)}>
          {current === null ? 'Start' : 'Next'} ▶
        </button>
      </div>
      <ol className="guide-steps">
        {steps.map((g, i) => {
          const t = stepTime(g);
          return (
            <li key={i} className={i === current ? 'current' : undefined}>
              <button type="button" className="link-button" data-testid={`guide-step-${i}`} disabled={busy} onClick={() => go(i)}>
                t = {t === null ? g.at : inUnits(t, unit)} · {g.replay ? `replay ${g.replay}` : 'original'} · {g.node}
                {g.packets && g.packets.length > 0 ? ` · ${g.packets.join(', ')}` : ''}
              </button>
              {i === current && <p className="guide-text" data-testid="guide-text">{g.text}</p>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

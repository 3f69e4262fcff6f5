import { useAppState } from '../app/context';
import { showsSlack } from '../sim/replay';
import { DROP_COLOUR, OVERDUE_COLOUR } from '../view/palette';

/** What the marks in the animation mean, and what the scenario is about. */
export function Legend() {
  const description = useAppState((s) => s.history.present.description ?? '');
  const replayMode = useAppState((s) => s.replay?.mode ?? null);
  return (
    <div className="stage-notes">
      {description && <p className="description">{description}</p>}
      <ul className="marks" aria-label="Legend">
        <li><span className="mark square" /> queued (bottom sends next; number = scheduler key)</li>
        <li><span className="mark dot" /> on a link (colour = flow; click to follow)</li>
        <li><span className="mark cross" style={{ color: DROP_COLOUR }}>✕</span> drop</li>
        {replayMode && (
          <li data-testid="replay-legend">
            <span className="mark square" style={{ background: OVERDUE_COLOUR }} /> overdue in the replay (ring: where its slack went negative; outlined in the original)
            {showsSlack(replayMode) ? '; replay queues show slack = key − T − now' : '; replay queues show the priority'}
          </li>
        )}
      </ul>
    </div>
  );
}

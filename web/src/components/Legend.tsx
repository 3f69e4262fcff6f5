import { useAppState } from '../app/context';
import { DROP_COLOUR } from '../view/palette';

/** What the marks in the animation mean, and what the scenario is about. */
export function Legend() {
  const description = useAppState((s) => s.history.present.description ?? '');
  return (
    <div className="stage-notes">
      {description && <p className="description">{description}</p>}
      <ul className="marks" aria-label="Legend">
        <li><span className="mark square" /> queued (bottom sends next; number = scheduler key)</li>
        <li><span className="mark dot" /> on a link (colour = flow; click to follow)</li>
        <li><span className="mark cross" style={{ color: DROP_COLOUR }}>✕</span> drop</li>
      </ul>
    </div>
  );
}

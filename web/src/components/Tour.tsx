import { useEffect, useState } from 'react';
import { useController } from '../app/context';
import { closeDialog } from '../store/appState';
import { Dialog } from './Dialog';

/** One stop of the tour: what to look at (an element by test id, outlined) and what it is. */
interface Stop {
  readonly target: string;
  readonly title: string;
  readonly text: string;
}

export const TOUR: readonly Stop[] = [
  {
    target: 'topology', title: 'The network',
    text: 'Hosts are boxes, routers circles, links lines labelled with their speed and delay. Drag nodes to move them; '
      + 'the toolbar adds hosts, routers and links; select a node or link (click, or Tab then Enter) to edit it in the Inspector.',
  },
  {
    target: 'topology', title: 'Queues and keys',
    text: 'Beside each node, a column of packets waits for each outgoing link, in the order its scheduler serves them: the bottom one '
      + 'leaves next. The number on a packet is the value the scheduler sorts by (a deadline, a slack, a rank). Colour tells flows apart; '
      + '✕ is a drop, a square marker an ECN mark, a red ring an overdue packet in a replay. Dots on links are packets in flight: click one to follow it.',
  },
  {
    target: 'play-pause', title: 'The timeline',
    text: 'The run is recorded first, then played back: play or pause (Space), step one event (→ ←), drag the slider, or pick a speed. '
      + 'Totals, counts and charts in Results follow the playhead.',
  },
  {
    target: 'run', title: 'Run',
    text: 'Run (R) simulates your draft in this browser. After an edit the drawing says the run on screen is older than the draft until you run again.',
  },
  {
    target: 'share', title: 'Share',
    text: 'Share copies a link with the whole scenario and its seed: whoever opens it gets the same run, with the same trace hash. '
      + 'If you edited since the run, the box offers the run on screen or your draft.',
  },
  {
    target: 'tab-results', title: 'Results, replay, compare and sweep',
    text: 'Results has the totals and charts; Traffic edits the flows; Replay records the schedule and replays it with LSTF or EDF; '
      + 'Compare runs several schedulers on the same traffic side by side; Sweep runs a parameter over values, schedulers and seeds and charts a metric against it. '
      + 'Examples… loads the scenarios of the papers. "?" opens this tour again.',
  },
];

/** A short guided tour (first visit, and from "?"): one stop at a time, its element outlined. */
export function Tour() {
  const { store } = useController();
  const [at, setAt] = useState(0);
  const stop = TOUR[at] ?? TOUR[0];
  const close = () => store.dispatch(closeDialog);
  useEffect(() => {
    const el = stop ? document.querySelector(`[data-testid="${stop.target}"]`) : null;
    el?.classList.add('tour-target');
    return () => el?.classList.remove('tour-target');
  }, [stop]);
  if (!stop) return null;
  return (
    <Dialog label="Tour: what am I looking at?" testId="tour" className="tour" onClose={close}>
      <h4 data-testid="tour-title">{at + 1} of {TOUR.length} · {stop.title}</h4>
      <p data-testid="tour-text">{stop.text}</p>
      <div className="tour-nav">
        <button type="button" data-testid="tour-skip" onClick={close}>{at === TOUR.length - 1 ? 'Close' : 'Skip the tour'}</button>
        <span className="spacer" />
        <button type="button" data-testid="tour-back" disabled={at === 0} onClick={() => setAt(at - 1)}>◀ Back</button>
        {at < TOUR.length - 1
          ? <button type="button" className="primary" data-testid="tour-next" onClick={() => setAt(at + 1)}>Next ▶</button>
          : <button type="button" className="primary" data-testid="tour-done" onClick={close}>Done</button>}
      </div>
    </Dialog>
  );
}

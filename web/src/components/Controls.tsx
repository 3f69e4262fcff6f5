import { useAppState, useController } from '../app/context';
import {
  SPEEDS, hasTimeline, seek, setPresentation, setSpeed, stepBack, stepForward, timelineEnd, timelineRate, togglePlay,
} from '../store/appState';
import { formatClock, formatDuration, formatRate } from '../view/format';
import { LastEvent } from './LastEvent';

export function Controls() {
  const { store } = useController();
  const playing = useAppState((s) => s.playing);
  const speed = useAppState((s) => s.speed);
  const t = useAppState((s) => s.position.t);
  const disabled = !useAppState(hasTimeline);
  const endNs = useAppState(timelineEnd);
  const baseRate = useAppState(timelineRate);
  const presentation = useAppState((s) => s.presentation);
  const single = useAppState((s) => s.view === 'single');

  return (
    <div className="controls" role="toolbar" aria-label="Playback">
      <button type="button" data-testid="step-back" disabled={disabled} onClick={() => store.dispatch(stepBack)}
        title="One trace event back" aria-label="Step back">
        ◀ Back
      </button>
      <button type="button" className="play" data-testid="play-pause" disabled={disabled}
        onClick={() => store.dispatch(togglePlay)} aria-label={playing ? 'Pause' : 'Play'}>
        {playing ? '❚❚ Pause' : '▶ Play'}
      </button>
      <button type="button" data-testid="step" disabled={disabled} onClick={() => store.dispatch(stepForward)}
        title="One trace event forward" aria-label="Step">
        Step ▶
      </button>
      <label className="speed">
        Speed
        <select data-testid="speed" value={speed} disabled={disabled}
          onChange={(e) => store.dispatch(setSpeed(Number(e.target.value)))}>
          {SPEEDS.map((s) => (
            <option key={s} value={s}>
              {baseRate > 0 ? formatRate(baseRate * s) : `${s}x`}
            </option>
          ))}
        </select>
      </label>
      <input
        className="scrub"
        type="range"
        data-testid="scrub"
        aria-label="Playback position"
        min={0}
        max={endNs}
        step={Math.max(1, Math.round(endNs / 10_000))}
        value={t}
        disabled={disabled}
        onChange={(e) => store.dispatch(seek(Number(e.target.value)))}
      />
      <output className="time" data-testid="time" aria-label="Simulated time">
        {formatClock(t, endNs)} / {endNs < 1e9 ? formatDuration(endNs) : formatClock(endNs, endNs)}
      </output>
      <button type="button" data-testid="presentation" aria-pressed={presentation} className={presentation ? 'active' : undefined}
        onClick={() => store.dispatch(setPresentation(!presentation))} title="Presentation size: larger nodes, queues and keys (P)">
        Presentation
      </button>
      {single && <LastEvent />}
    </div>
  );
}

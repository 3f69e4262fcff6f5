import { useEffect, useRef } from 'react';
import { useAppState } from '../app/context';
import { TopologyView } from '../view/topologyView';

/** How long a drop keeps flashing, in wall-clock seconds. */
const DROP_FLASH_SECONDS = 0.6;

export function TopologyPanel() {
  const ref = useRef<HTMLDivElement>(null);
  const view = useRef<TopologyView | null>(null);
  const run = useAppState((s) => s.run);
  const position = useAppState((s) => s.position);
  const speed = useAppState((s) => s.speed);

  useEffect(() => {
    if (!ref.current) return;
    const v = new TopologyView(ref.current);
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    view.current?.setRun(run?.result.summary ?? null);
  }, [run]);

  useEffect(() => {
    if (!run) return view.current?.render(null);
    const flashNs = DROP_FLASH_SECONDS * run.baseRate * speed;
    view.current?.render(run.playback.frame(position, flashNs));
  }, [run, position, speed]);

  return <div className="topology" ref={ref} />;
}

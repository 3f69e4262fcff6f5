import { useAppState, useController } from '../app/context';

export function Header() {
  const controller = useController();
  const name = useAppState((s) => s.run?.result.summary.scenario.name ?? null);
  const runState = useAppState((s) => s.runState);
  const share = () => void controller.share(window.location.origin + window.location.pathname);
  return (
    <header className="header">
      <h1>Scheduler Playground</h1>
      <span className="scenario-name" data-testid="scenario-name">{name ?? ''}</span>
      <span className="spacer" />
      {runState === 'running' && (
        <>
          <span className="status" role="status">Simulating…</span>
          <button type="button" data-testid="cancel" onClick={() => controller.cancel()}>Cancel</button>
        </>
      )}
      <button type="button" className="primary" data-testid="share" onClick={share}>
        Share
      </button>
    </header>
  );
}

import { useAppState, useController } from '../app/context';
import { FileMenu } from './FileMenu';
import { LessonsMenu } from './LessonsMenu';
import { RunButton } from './RunButton';

export function Header() {
  const controller = useController();
  const name = useAppState((s) => s.history.present.name);
  const share = () => void controller.share(window.location.origin + window.location.pathname);
  return (
    <header className="header">
      <h1>Scheduler Playground</h1>
      <span className="scenario-name" data-testid="scenario-name" title={name}>{name}</span>
      <span className="spacer" />
      <LessonsMenu />
      <FileMenu />
      <RunButton />
      <button type="button" className="primary" data-testid="share" onClick={share} title="A link with the whole scenario and seed">
        Share
      </button>
    </header>
  );
}

import { useController } from '../app/context';
import { SHORTCUTS } from '../app/keyboard';
import { closeDialog, toggleDialog } from '../store/appState';
import { Dialog } from './Dialog';

/** "?": what the page shows, the guided tour again, the keyboard shortcuts, the benchmarks. */
export function HelpDialog() {
  const { store } = useController();
  const close = () => store.dispatch(closeDialog);
  return (
    <Dialog label="Help" testId="help-dialog" className="help-dialog" onClose={close}>
      <p className="help-lead">
        A network of hosts (boxes) and routers (circles) runs the schedulers you pick. Press <strong>Run</strong>: the
        simulator in your browser records every packet, then the page plays it back. Each link&apos;s queue is a column
        of packets beside the sending node, in the order its scheduler serves them (bottom next), with the value it
        sorts by; dots on a link are packets in flight; ✕ is a drop.
      </p>
      <button type="button" className="primary" data-testid="start-tour" onClick={() => store.dispatch(toggleDialog('tour'))}>Take the tour</button>
      <h4>Keyboard</h4>
      <table><tbody>{SHORTCUTS.map((s) => <tr key={s.keys}><th scope="row">{s.keys}</th><td>{s.what}</td></tr>)}</tbody></table>
      <p><a href="./bench.html" data-testid="bench-link">Benchmarks</a>: the simulator&apos;s speed in this browser</p>
    </Dialog>
  );
}

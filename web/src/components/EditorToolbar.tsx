import { useAppState, useController } from '../app/context';
import { canRedo, canUndo } from '../scenario/history';
import { toggleDialog, type Tool } from '../store/appState';
import { deleteSelection, redoEdit, setTool, undoEdit } from '../store/editorActions';
import { HelpDialog } from './lazy';
import { Part } from './Part';

const TOOLS: readonly { tool: Tool; label: string; key: string; hint: string }[] = [
  { tool: 'select', label: 'Select', key: '1', hint: 'select and drag nodes; click packets to follow them' },
  { tool: 'host', label: '+ Host', key: '2', hint: 'click on the drawing to place a host' },
  { tool: 'router', label: '+ Router', key: '3', hint: 'click on the drawing to place a router' },
  { tool: 'link', label: '+ Link', key: '4', hint: 'click one node, then another' },
  { tool: 'middlebox', label: '+ Middlebox', key: '5', hint: 'click on the drawing to place a middlebox: a router whose packets pass a CPU stage first' },
];

export function EditorToolbar() {
  const { store } = useController();
  const tool = useAppState((s) => s.tool);
  const history = useAppState((s) => s.history);
  const hasSelection = useAppState((s) => s.selection !== null);
  const dialog = useAppState((s) => s.dialog);
  const d = store.dispatch;
  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Editor">
      {TOOLS.map((t) => (
        <button type="button" key={t.tool} data-testid={`tool-${t.tool}`} aria-pressed={tool === t.tool}
          className={tool === t.tool ? 'active' : undefined} title={`${t.hint} (${t.key})`} onClick={() => d(setTool(t.tool))}>
          {t.label}
        </button>
      ))}
      <span className="sep" />
      <button type="button" data-testid="delete" disabled={!hasSelection} onClick={() => d(deleteSelection)} title="Delete the selection (Del)">Delete</button>
      <button type="button" data-testid="undo" disabled={!canUndo(history)} onClick={() => d(undoEdit)} title="Undo (Ctrl+Z)">↶ Undo</button>
      <button type="button" data-testid="redo" disabled={!canRedo(history)} onClick={() => d(redoEdit)} title="Redo (Ctrl+Shift+Z)">↷ Redo</button>
      <span className="tool-hint">{TOOLS.find((t) => t.tool === tool)?.hint}</span>
      <button type="button" className="icon help" data-testid="help" aria-expanded={dialog === 'help'} aria-label="Help: what you are looking at, the tour, keyboard shortcuts"
        title="Help" onClick={() => d(toggleDialog('help'))}>?</button>
      {dialog === 'help' && <Part what="the help" fallback={null}><HelpDialog /></Part>}
    </div>
  );
}

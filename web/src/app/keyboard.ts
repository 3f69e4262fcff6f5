// Keyboard shortcuts: a pure table from keys to commands, and one listener that performs them.
import {
  closeDialog, pause, scrubBy, seek, setPresentation, stepBack, stepForward, togglePlay,
} from '../store/appState';
import {
  deleteSelection, redoEdit, select, selectNextNode, setTool, undoEdit,
} from '../store/editorActions';
import type { Controller } from './controller';

export type KeyCommand =
  | 'run' | 'toggle-play' | 'step' | 'step-back' | 'scrub-forward' | 'scrub-back' | 'to-start' | 'to-end'
  | 'next-node' | 'prev-node' | 'delete' | 'undo' | 'redo' | 'escape' | 'presentation'
  | 'tool-select' | 'tool-host' | 'tool-router' | 'tool-link' | 'tool-middlebox';

export interface KeyLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

/** What the help lists; also the source of truth for keyCommand below. */
export const SHORTCUTS: readonly { readonly keys: string; readonly what: string }[] = [
  { keys: 'R or Ctrl+Enter', what: 'run the scenario' },
  { keys: 'Space', what: 'play / pause' },
  { keys: '→ / ←', what: 'step one event forward / back' },
  { keys: 'Shift+→ / Shift+←', what: 'scrub 2% forward / back' },
  { keys: 'Home / End', what: 'start / end of the run' },
  { keys: 'P', what: 'presentation size on / off' },
  { keys: 'N / Shift+N', what: 'select the next / previous node' },
  { keys: 'Delete', what: 'delete the selection' },
  { keys: 'Ctrl+Z / Ctrl+Shift+Z', what: 'undo / redo' },
  { keys: '1 2 3 4', what: 'tools: select, host, router, link' },
  { keys: 'Esc', what: 'close the open dialog; else back to select and clear the selection' },
  { keys: 'Tab / Enter', what: 'reach the nodes of the drawing; select the focused one' },
];

/** The command for a key press; `inField` when focus is in a text field or menu. */
export function keyCommand(e: KeyLike, inField: boolean): KeyCommand | null {
  const mod = e.ctrlKey || e.metaKey;
  if (mod && e.key === 'Enter') return 'run';
  if (e.key === 'Escape') return 'escape';
  if (inField || e.altKey) return null;
  if (mod) {
    const k = e.key.toLowerCase();
    if (k === 'z') return e.shiftKey ? 'redo' : 'undo';
    if (k === 'y') return 'redo';
    return null;
  }
  switch (e.key) {
    case 'r': case 'R': return 'run';
    case ' ': return 'toggle-play';
    case 'ArrowRight': return e.shiftKey ? 'scrub-forward' : 'step';
    case 'ArrowLeft': return e.shiftKey ? 'scrub-back' : 'step-back';
    case 'Home': return 'to-start';
    case 'End': return 'to-end';
    case 'n': return 'next-node';
    case 'N': return 'prev-node';
    case 'p': case 'P': return 'presentation';
    case 'Delete': case 'Backspace': return 'delete';
    case '1': return 'tool-select';
    case '2': return 'tool-host';
    case '3': return 'tool-router';
    case '4': return 'tool-link';
    case '5': return 'tool-middlebox';
    default: return null;
  }
}

export function perform(controller: Controller, command: KeyCommand): void {
  const d = controller.store.dispatch;
  switch (command) {
    case 'run': void controller.run(); break;
    case 'toggle-play': d(togglePlay); break;
    case 'step': d(stepForward); break;
    case 'step-back': d(stepBack); break;
    case 'scrub-forward': d(scrubBy(0.02)); break;
    case 'scrub-back': d(scrubBy(-0.02)); break;
    case 'to-start': d(pause); d(seek(0)); break;
    case 'to-end': d(pause); d(seek(Number.MAX_SAFE_INTEGER)); break;
    case 'next-node': d(selectNextNode(1)); break;
    case 'prev-node': d(selectNextNode(-1)); break;
    case 'delete': d(deleteSelection); break;
    case 'undo': d(undoEdit); break;
    case 'redo': d(redoEdit); break;
    case 'escape': d(setTool('select')); d(select(null)); break;
    case 'presentation': d((s) => setPresentation(!s.presentation)(s)); break;
    case 'tool-select': d(setTool('select')); break;
    case 'tool-host': d(setTool('host')); break;
    case 'tool-router': d(setTool('router')); break;
    case 'tool-link': d(setTool('link')); break;
    case 'tool-middlebox': d(setTool('middlebox')); break;
  }
}

function isField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
}

export function installKeyboard(target: Window, controller: Controller): () => void {
  const onKey = (e: KeyboardEvent) => {
    const inField = isField(e.target);
    // Buttons take Space and Enter themselves.
    if (e.target instanceof HTMLButtonElement && (e.key === ' ' || e.key === 'Enter')) return;
    const command = keyCommand(e, inField);
    if (command === null) return;
    if (command === 'escape' && controller.store.getState().dialog !== null) {
      e.preventDefault();
      controller.store.dispatch(closeDialog);
      return;
    }
    if (command === 'escape' && inField && e.target instanceof HTMLElement) {
      e.target.blur();
      return;
    }
    e.preventDefault();
    perform(controller, command);
  };
  target.addEventListener('keydown', onKey);
  return () => target.removeEventListener('keydown', onKey);
}

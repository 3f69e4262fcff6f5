// Editor actions: scenario commands applied through the undo history, plus selection and tool.
import { deleteLink, deleteNode, deleteTraffic } from '../scenario/commands';
import { entityOf } from '../scenario/paths';
import { canRedo, canUndo, commit, redo, undo } from '../scenario/history';
import type { EditableScenario } from '../scenario/types';
import type { AppState, FieldError, Selection, SideTab, Tool } from './appState';

export type Command = (s: EditableScenario) => EditableScenario;

export const draftOf = (s: AppState): EditableScenario => s.history.present;

/** The selection, or null when what it names no longer exists in `scenario`. */
export function validSelection(sel: Selection, scenario: EditableScenario): Selection {
  if (sel === null) return null;
  if (sel.kind === 'node') return scenario.topology.nodes.some((n) => n.id === sel.id) ? sel : null;
  if (sel.kind === 'link') return sel.index < scenario.topology.links.length ? sel : null;
  return sel.index < scenario.traffic.length ? sel : null;
}

function withHistory(s: AppState, history: AppState['history'], selection: Selection = s.selection): AppState {
  if (history === s.history) return s;
  return { ...s, history, selection: validSelection(selection, history.present), fieldError: null, shareLink: null, shareDraftLink: null };
}

/** Applies a command to the draft as one undo step; `select` picks what to select after it. */
export const edit = (command: Command, select?: Selection) => (s: AppState): AppState => {
  const next = command(s.history.present);
  if (next === s.history.present) return select === undefined ? s : { ...s, selection: validSelection(select, next) };
  return withHistory(s, commit(s.history, next), select === undefined ? s.selection : select);
};

/** Replaces the whole draft (a preset, an import, a link, New) as one undo step. */
export const loadDraft = (scenario: EditableScenario) => (s: AppState): AppState =>
  ({ ...withHistory(s, commit(s.history, scenario), null), tool: 'select' as const, playing: false, followed: null });

export const undoEdit = (s: AppState): AppState => (canUndo(s.history) ? withHistory(s, undo(s.history)) : s);
export const redoEdit = (s: AppState): AppState => (canRedo(s.history) ? withHistory(s, redo(s.history)) : s);

/** The side panel tab that shows a selection: the traffic tab for traffic, else the inspector. */
const tabFor = (selection: Selection, current: SideTab): SideTab =>
  selection === null ? current : selection.kind === 'traffic' ? 'traffic' : 'inspect';

export const select = (selection: Selection) => (s: AppState): AppState => ({
  ...s,
  selection: validSelection(selection, s.history.present),
  sideTab: tabFor(selection, s.sideTab),
});

export const setTool = (tool: Tool) => (s: AppState): AppState => (s.tool === tool ? s : { ...s, tool });

/** Selects the next (or previous) node in scenario order, wrapping around. */
export const selectNextNode = (step: 1 | -1) => (s: AppState): AppState => {
  const nodes = s.history.present.topology.nodes;
  if (nodes.length === 0) return s;
  const sel = s.selection;
  const at = sel?.kind === 'node' ? nodes.findIndex((n) => n.id === sel.id) : -1;
  const i = at < 0 ? (step === 1 ? 0 : nodes.length - 1) : (at + step + nodes.length) % nodes.length;
  const node = nodes[i];
  return node ? select({ kind: 'node', id: node.id })(s) : s;
};

/** Deletes whatever is selected (a node with its links, a link, a traffic item). */
export const deleteSelection = (s: AppState): AppState => {
  const sel = s.selection;
  if (sel === null) return s;
  const command: Command = sel.kind === 'node' ? (d) => deleteNode(d, sel.id)
    : sel.kind === 'link' ? (d) => deleteLink(d, sel.index)
      : (d) => deleteTraffic(d, sel.index);
  return edit(command, null)(s);
};

/** A problem the core found in the draft: selects the entity whose field shows it. */
export const showFieldError = (error: FieldError) => (s: AppState): AppState => {
  const e = entityOf(error.path);
  const nodes = s.history.present.topology.nodes;
  const selection: Selection = e.kind === 'node' ? (nodes[e.index] ? { kind: 'node', id: nodes[e.index]?.id ?? '' } : null)
    : e.kind === 'scenario' ? null : { kind: e.kind, index: e.index };
  return { ...s, fieldError: error, selection: validSelection(selection, s.history.present), sideTab: tabFor(selection, 'inspect') };
};

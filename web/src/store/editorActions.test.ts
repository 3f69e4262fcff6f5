import { describe, expect, it } from 'vitest';
import { addLink, addNode, blankScenario, setField } from '../scenario/commands';
import { initialState, shareLinkBuilt, type AppState } from './appState';
import {
  deleteSelection, draftOf, edit, loadDraft, redoEdit, select, selectNextNode, showFieldError, undoEdit,
} from './editorActions';

function drawn(): AppState {
  let s = initialState(blankScenario());
  s = edit((d) => addNode(d, { kind: 'host', pos: [0, 0] }))(s);
  s = edit((d) => addNode(d, { kind: 'router', pos: [1, 0] }))(s);
  return edit((d) => addLink(d, { from: 'h1', to: 'r1' }), { kind: 'link', index: 0 })(s);
}

describe('editor actions', () => {
  it('records each edit as an undo step and selects what the edit asks for', () => {
    const s = drawn();
    expect(s.history.past).toHaveLength(3);
    expect(s.selection).toEqual({ kind: 'link', index: 0 });
    const undone = undoEdit(s);
    expect(draftOf(undone).topology.links).toEqual([]);
    expect(undone.selection).toBeNull(); // the selected link is gone
    expect(draftOf(redoEdit(undone)).topology.links).toHaveLength(1);
  });

  it('does not record a command that changes nothing', () => {
    const s = drawn();
    expect(edit((d) => addLink(d, { from: 'r1', to: 'h1' }))(s)).toBe(s);
  });

  it('an edit clears the share link and the field error', () => {
    let s = shareLinkBuilt('http://x/#v1.a')(drawn());
    s = showFieldError({ path: 'duration', message: 'must be greater than zero' })(s);
    const e = edit((d) => setField(d, 'duration', '5ms'))(s);
    expect([e.shareLink, e.fieldError]).toEqual([null, null]);
  });

  it('selects the next and previous node, wrapping around', () => {
    let s = select(null)(drawn());
    s = selectNextNode(1)(s);
    expect(s.selection).toEqual({ kind: 'node', id: 'h1' });
    s = selectNextNode(1)(s);
    expect(s.selection).toEqual({ kind: 'node', id: 'r1' });
    expect(selectNextNode(1)(s).selection).toEqual({ kind: 'node', id: 'h1' });
    expect(selectNextNode(-1)(select(null)(s)).selection).toEqual({ kind: 'node', id: 'r1' });
  });

  it('deletes the selection as one undoable step', () => {
    const s = deleteSelection(select({ kind: 'node', id: 'r1' })(drawn()));
    expect(draftOf(s).topology.nodes.map((n) => n.id)).toEqual(['h1']);
    expect(draftOf(s).topology.links).toEqual([]);
    expect(s.selection).toBeNull();
    expect(draftOf(undoEdit(s)).topology.nodes).toHaveLength(2);
  });

  it('loads a whole scenario as one undo step', () => {
    const other = { ...blankScenario(), name: 'other' };
    const s = loadDraft(other)(drawn());
    expect(draftOf(s).name).toBe('other');
    expect(draftOf(undoEdit(s)).topology.nodes).toHaveLength(2);
  });

  it('a field error selects the entity that shows the field and opens its tab', () => {
    const s = showFieldError({ path: 'topology.nodes[1].scheduler.params.drop', message: 'x' })(drawn());
    expect([s.selection, s.sideTab]).toEqual([{ kind: 'node', id: 'r1' }, 'inspect']);
    const t = showFieldError({ path: 'traffic[0].rate', message: 'x' })(drawn());
    expect(t.sideTab).toBe('traffic');
    expect(t.selection).toBeNull(); // there is no traffic[0]
  });
});

// A rank or slack program's editor (CodeMirror 6): highlighting, the shipped examples, and the
// core's error shown inline at its line and column. The core parses, checks and runs the
// program (wasm-core/sim/src/program); the page only edits its text. Loaded on demand (lazy.tsx).
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { HighlightStyle, StreamLanguage, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState, type Text } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef, useState } from 'react';
import { EXAMPLES, locateError, type ProgramTarget } from '../scenario/programs';

const KEYWORDS = new Set(['flow', 'table', 'let', 'rank', 'slack', 'if', 'else']);
const ATOMS = new Set(['true', 'false']);
const FUNCTIONS = new Set(['min', 'max', 'abs']);

/** Highlighting only: words, numbers with units, comments, operators. */
const language = StreamLanguage.define<object>({
  startState: () => ({}),
  token(stream) {
    if (stream.eatSpace()) return null;
    if (stream.match('#')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match(/^[0-9]+(\.[0-9]+)?[A-Za-z]*/)) return 'number';
    const word = stream.match(/^[A-Za-z_][A-Za-z0-9_]*/);
    if (word && typeof word === 'object') {
      const w = word[0];
      return KEYWORDS.has(w) ? 'keyword' : ATOMS.has(w) ? 'atom' : FUNCTIONS.has(w) ? 'function' : 'variableName';
    }
    stream.next();
    return 'operator';
  },
  tokenTable: { function: tags.function(tags.variableName) },
});

const style = HighlightStyle.define([
  { tag: tags.keyword, color: '#7c3aed', fontWeight: '600' },
  { tag: tags.number, color: '#0f766e' },
  { tag: tags.comment, color: '#6b7280', fontStyle: 'italic' },
  { tag: tags.atom, color: '#b45309' },
  { tag: tags.function(tags.variableName), color: '#1d4ed8' },
  { tag: tags.operator, color: '#9f1239' },
]);

/** The core's "line L, column C: problem" as a diagnostic at that place in `doc`. */
function diagnostic(doc: Text, message: string): Diagnostic {
  const at = locateError(message);
  if (at === null) return { from: 0, to: Math.min(doc.length, 1), severity: 'error', message };
  const line = doc.line(Math.min(Math.max(at.line, 1), doc.lines));
  // The character at the column, or the line's last one when the column is past its end.
  const to = Math.min(line.from + at.column, line.to);
  return { from: Math.max(line.from, to - 1), to, severity: 'error', message };
}

export interface ProgramEditorProps {
  readonly target: ProgramTarget;
  readonly text: string;
  /** The core's error for this program ("line 2, column 5: ..."), or null. */
  readonly error: string | null;
  /** For tests and the error's label, e.g. "topology.nodes[2].scheduler.params.program". */
  readonly path: string;
  readonly onCommit: (text: string) => void;
}

/** The editor: the text is committed when the editor loses focus or on Ctrl/Cmd-Enter. */
export function ProgramEditor({ target, text, error, path, onCommit }: ProgramEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const commitRef = useRef(onCommit);
  commitRef.current = onCommit;
  const committed = useRef(text);
  // The core's error is about the text it checked: once edited, it no longer applies.
  const [edited, setEdited] = useState(false);
  const shown = edited ? null : error;

  useEffect(() => {
    if (host.current === null) return undefined;
    const commit = (v: EditorView) => {
      const now = v.state.doc.toString();
      if (now !== committed.current) {
        committed.current = now;
        commitRef.current(now);
      }
      return true;
    };
    const v = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: text,
        extensions: [
          lineNumbers(),
          history(),
          keymap.of([{ key: 'Mod-Enter', run: commit }, ...defaultKeymap, ...historyKeymap]),
          language,
          syntaxHighlighting(style),
          lintGutter(),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': `${target} program`, 'data-testid': `program-${path}` }),
          EditorView.domEventHandlers({ blur: (_e, ed) => { commit(ed); return false; } }),
          EditorView.updateListener.of((u) => { if (u.docChanged) setEdited(true); }),
        ],
      }),
    });
    view.current = v;
    return () => { v.destroy(); view.current = null; };
    // The editor is made once per mount; the parent remounts it (key) for another program.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new error from the core (a run or a check) is about the text as it is now.
  useEffect(() => setEdited(false), [error]);

  useEffect(() => {
    const v = view.current;
    if (v === null) return;
    v.dispatch(setDiagnostics(v.state, shown === null ? [] : [diagnostic(v.state.doc, shown)]));
  }, [shown]);

  const load = (name: string) => {
    const example = EXAMPLES.find((e) => e.name === name && e.target === target);
    const v = view.current;
    if (!example || v === null) return;
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: example.text } });
    committed.current = example.text;
    commitRef.current(example.text);
  };

  return (
    <div className={`program-editor${shown !== null ? ' invalid' : ''}`}>
      <div className="program-toolbar">
        <span className="field-label">{target} program</span>
        <select aria-label={`Load an example ${target} program`} data-testid={`program-example-${path}`} value=""
          onChange={(e) => load(e.target.value)}>
          <option value="">examples…</option>
          {EXAMPLES.filter((e) => e.target === target).map((e) => <option key={e.name} value={e.name}>{e.title}</option>)}
        </select>
      </div>
      <div ref={host} className="program-code" />
      {shown !== null && <span className="field-error" role="alert" data-testid={`program-error-${path}`}>{shown}</span>}
      <span className="field-help">
        Run or leave the editor (Ctrl-Enter) to apply. The core checks the program: errors show at their line and column. Names and units: docs/programs.md.
      </span>
    </div>
  );
}

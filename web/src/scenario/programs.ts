// Rank and slack programs as the page edits them: the examples the core ships (the same files
// its tests run, wasm-core/sim/src/program/examples) and where the core's error points.

export type ProgramTarget = 'rank' | 'slack';

export interface ProgramExample {
  /** The file's name: a built-in's name when it restates one ("srpt", "fair"). */
  readonly name: string;
  readonly target: ProgramTarget;
  /** Its first comment line up to the first colon or full stop. */
  readonly title: string;
  readonly text: string;
}

const files = import.meta.glob<string>('../../../wasm-core/sim/src/program/examples/*.{rank,slack}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

function titleOf(text: string, name: string): string {
  const first = text.split('\n')[0] ?? '';
  if (!first.startsWith('#')) return name;
  return first.replace(/^#\s*/, '').split(/[:.]/)[0]?.trim() || name;
}

export const EXAMPLES: readonly ProgramExample[] = Object.entries(files)
  .map(([path, text]) => {
    const file = path.split('/').pop() ?? '';
    const [name = '', ext = ''] = file.split('.');
    return { name, target: ext as ProgramTarget, title: titleOf(text, name), text };
  })
  .sort((a, b) => a.name.localeCompare(b.name));

/** The example that restates built-in `name`, if any. */
export const exampleOf = (target: ProgramTarget, name: string): ProgramExample | undefined =>
  EXAMPLES.find((e) => e.target === target && e.name === name);

/** "line 3, column 7: ..." (the core's program errors): the line and column, 1-based. */
export function locateError(message: string): { readonly line: number; readonly column: number } | null {
  const m = /line (\d+), column (\d+): /.exec(message);
  return m ? { line: Number(m[1]), column: Number(m[2]) } : null;
}

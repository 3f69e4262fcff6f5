import { useAppState } from '../app/context';
import type { ProgramTarget } from '../scenario/programs';
import { ProgramEditor } from './lazy';
import { Part } from './Part';

export interface ProgramFieldProps {
  readonly target: ProgramTarget;
  /** Full path of the program in the scenario: the core's errors name it. */
  readonly path: string;
  readonly text: string;
  readonly onCommit: (text: string) => void;
}

/** A program parameter: the editor (loaded on demand) with the core's error for this path. */
export function ProgramField({ target, path, text, onCommit }: ProgramFieldProps) {
  const error = useAppState((s) => (s.fieldError?.path === path ? s.fieldError.message : null));
  return (
    <Part what="the program editor">
      <ProgramEditor target={target} path={path} text={text} error={error} onCommit={onCommit} />
    </Part>
  );
}

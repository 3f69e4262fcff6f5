import type { ReactNode } from 'react';
import { useController } from '../app/context';
import { deleteTraffic } from '../scenario/commands';
import { edit, select } from '../store/editorActions';

interface Props {
  /** The traffic item's id and its index in the scenario's `traffic`. */
  readonly id: string;
  readonly index: number;
  readonly selected: boolean;
  /** A colour swatch before the name (the flow's colour in the drawing). */
  readonly swatch?: string;
  /** The cells between the name and the delete button. */
  readonly children: ReactNode;
}

/** A row of a traffic table (FlowTable, WorkloadTable): the name selects the item, × deletes it. */
export function TrafficRow({ id, index, selected, swatch, children }: Props) {
  const { store } = useController();
  return (
    <tr className={selected ? 'selected' : undefined} data-testid={`traffic-row-${id}`}>
      <td>
        <button type="button" className="link-button" onClick={() => store.dispatch(select({ kind: 'traffic', index }))}>
          {swatch !== undefined && <span className="swatch" style={{ background: swatch }} />}{id}
        </button>
      </td>
      {children}
      <td>
        <button type="button" className="icon" aria-label={`Delete ${id}`} data-testid={`delete-traffic-${id}`}
          onClick={() => store.dispatch(edit((s) => deleteTraffic(s, index), null))}>×</button>
      </td>
    </tr>
  );
}

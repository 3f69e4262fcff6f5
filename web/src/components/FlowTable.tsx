import { useController } from '../app/context';
import { setField } from '../scenario/commands';
import { fieldText } from '../scenario/fields';
import { FLOW_COLUMNS, flowCell } from '../scenario/trafficFields';
import type { PointTraffic } from '../scenario/types';
import { edit } from '../store/editorActions';
import { flowColour } from '../view/palette';
import { Field } from './Field';
import { TrafficRow } from './TrafficRow';

const HEADINGS = { src: 'from', dst: 'to', amount: 'size / rate', start: 'start', transport: 'transport', class: 'class', weight: 'weight' };
const WIDTHS = { src: 62, dst: 62, amount: 76, start: 60, transport: 66, class: 44, weight: 50 };

interface Props {
  readonly rows: readonly { t: PointTraffic; i: number }[];
  readonly selected: number | null;
}

/** One row per flow or source; each cell is a field of the item. */
export function FlowTable({ rows, selected }: Props) {
  const { store } = useController();
  if (rows.length === 0) return <p className="muted">No flows yet.</p>;
  return (
    <table className="traffic-table" data-testid="flow-table">
      <colgroup>
        <col style={{ width: 104 }} /><col style={{ width: 56 }} />
        {FLOW_COLUMNS.map((c) => <col key={c} style={{ width: WIDTHS[c] }} />)}
        <col style={{ width: 24 }} />
      </colgroup>
      <thead>
        <tr>
          <th>name</th><th>kind</th>
          {FLOW_COLUMNS.map((c) => <th key={c}>{HEADINGS[c]}</th>)}
          <th aria-label="delete" />
        </tr>
      </thead>
      <tbody>
        {rows.map(({ t, i }) => (
          <TrafficRow key={`${i}:${t.id}`} id={t.id} index={i} selected={selected === i} swatch={flowColour(i)}>
            <td>{t.kind}</td>
            {FLOW_COLUMNS.map((c) => {
              const spec = flowCell(t, c);
              if (!spec) return <td key={c} className="muted">—</td>;
              const path = `traffic[${i}].${spec.key}`;
              const value = (t as unknown as Record<string, unknown>)[spec.key];
              return (
                <td key={c}>
                  <Field key={`${spec.key}=${fieldText(value)}`} compact spec={spec} path={path} value={value}
                    onCommit={(v) => store.dispatch(edit((s) => setField(s, path, v)))} />
                </td>
              );
            })}
          </TrafficRow>
        ))}
      </tbody>
    </table>
  );
}

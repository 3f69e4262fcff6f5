import { useController } from '../app/context';
import { setField } from '../scenario/commands';
import { fieldText } from '../scenario/fields';
import { getAt } from '../scenario/paths';
import { trafficFields } from '../scenario/trafficFields';
import type { Traffic } from '../scenario/types';
import { edit, select } from '../store/editorActions';

import { Field } from './Field';

/** Every field of one traffic item. */
export function TrafficForm({ item, index }: { item: Traffic; index: number }) {
  const { store } = useController();
  const base = `traffic[${index}]`;
  return (
    <div className="form traffic-form" data-testid="traffic-form">
      <h3>
        {item.kind} <code>{item.id}</code>
        <button type="button" className="icon" aria-label="Close" onClick={() => store.dispatch(select(null))}>×</button>
      </h3>
      <div className="form-grid">
        {trafficFields(item).map((f) => {
          const value = getAt(item, f.key);
          const path = `${base}.${f.key}`;
          return (
            <Field key={`${f.key}=${fieldText(value)}`} spec={f} path={path} value={value}
              onCommit={(v) => store.dispatch(edit((s) => setField(s, path, v)))} />
          );
        })}
      </div>
    </div>
  );
}

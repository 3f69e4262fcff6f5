import { useState } from 'react';
import { useAppState, useController } from '../app/context';
import { fieldText } from '../scenario/fields';
import { omit } from '../scenario/paths';
import { paramField } from '../scenario/paramFields';
import type { ParamValue } from '../scenario/types';
import { setFieldError } from '../store/appState';
import { Dialog } from './Dialog';
import { Field } from './Field';

/** Loads a topology preset with its parameters into the editor (the traffic is kept). */
export function PresetDialog({ onClose }: { onClose: () => void }) {
  const controller = useController();
  const presets = useAppState((s) => s.presets);
  const [name, setName] = useState<string>('');
  const [params, setParams] = useState<Record<string, ParamValue>>({});
  const info = presets?.find((p) => p.name === name) ?? presets?.[0];
  const load = async () => {
    if (info && (await controller.loadPreset(info.name, params))) onClose();
  };
  return (
    <Dialog label="Topology presets" testId="preset-dialog" onClose={onClose}>
      {presets === null && <p className="muted" data-testid="presets-unavailable">Presets are not available in this build of the core.</p>}
      {presets !== null && info && (
        <>
          <select aria-label="Preset" data-testid="preset-name" value={info.name}
            onChange={(e) => { setName(e.target.value); setParams({}); }}>
            {presets.map((p) => <option key={p.name} value={p.name}>{p.name}</option>)}
          </select>
          <p className="scheduler-info">{info.summary} <span className="muted">{info.reference}</span></p>
          {info.params.map((p) => (
            <Field key={`${info.name}.${p.name}=${fieldText(params[p.name])}`} spec={paramField(p)} path={`preset.params.${p.name}`}
              value={params[p.name]} onCommit={(v) => {
                controller.store.dispatch(setFieldError(null));
                const rest = omit(params, p.name);
                setParams(v === undefined ? rest : { ...rest, [p.name]: v as ParamValue });
              }} />
          ))}
          <p className="muted">Replaces the network (Undo brings it back); traffic between hosts the preset lacks is removed, and when none is left the preset comes with a web-search workload over TCP.</p>
          <button type="button" className="primary" data-testid="load-preset" onClick={() => void load()}>Load {info.name}</button>
        </>
      )}
    </Dialog>
  );
}

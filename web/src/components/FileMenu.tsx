import { useRef } from 'react';
import { useAppState, useController } from '../app/context';
import { blankScenario } from '../scenario/commands';
import { closeDialog, toggleDialog } from '../store/appState';
import { loadDraft } from '../store/editorActions';
import { GalleryDialog, PapersDialog, PresetDialog } from './lazy';
import { Part } from './Part';

/** New, presets, import and export of scenario files. */
export function FileMenu() {
  const controller = useController();
  const file = useRef<HTMLInputElement>(null);
  const dialog = useAppState((s) => s.dialog);
  const d = controller.store.dispatch;
  const close = () => d(closeDialog);
  const onFile = async (input: HTMLInputElement) => {
    const f = input.files?.[0];
    input.value = '';
    if (f) await controller.importFile(f.name, await f.text());
  };
  return (
    <div className="file-menu">
      <button type="button" data-testid="new" onClick={() => controller.store.dispatch(loadDraft(blankScenario()))}
        title="An empty network (undo brings the old one back)">New</button>
      <button type="button" data-testid="examples" aria-expanded={dialog === 'gallery'}
        onClick={() => d(toggleDialog('gallery'))}>Examples…</button>
      <button type="button" data-testid="papers-open" aria-expanded={dialog === 'papers'} title="Every figure and table of the five papers, and whether ours holds"
        onClick={() => d(toggleDialog('papers'))}>Papers…</button>
      <button type="button" data-testid="presets" aria-expanded={dialog === 'presets'}
        onClick={() => d(toggleDialog('presets'))}>Presets…</button>
      <button type="button" data-testid="import" onClick={() => file.current?.click()}>Import</button>
      <input ref={file} type="file" accept=".json,application/json,.txt,text/plain" hidden data-testid="import-file"
        onChange={(e) => void onFile(e.currentTarget)} />
      <button type="button" data-testid="export" onClick={() => controller.exportFile()}>Export</button>
      {dialog === 'presets' && <Part what="the presets" fallback={null}><PresetDialog onClose={close} /></Part>}
      {dialog === 'gallery' && (
        <Part what="the examples" fallback={<div className="popover gallery" role="status" data-testid="gallery-loading">Loading the examples…</div>}>
          <GalleryDialog onClose={close} />
        </Part>
      )}
      {dialog === 'papers' && (
        <Part what="the papers" fallback={<div className="popover papers" role="status">Loading the papers…</div>}>
          <PapersDialog onClose={close} />
        </Part>
      )}
    </div>
  );
}

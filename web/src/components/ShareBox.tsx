import { useAppState, useController } from '../app/context';
import { MAX_HASH_CHARS, linkOpens } from '../share/limit';

/**
 * The share link, visible and selectable (the clipboard may not be available): the run on
 * screen; when the draft was edited since, the draft's link beside it, which runs with
 * another trace hash.
 */
export function ShareBox() {
  const link = useAppState((s) => s.shareLink);
  const draftLink = useAppState((s) => s.shareDraftLink);
  const hash = useAppState((s) => (s.view === 'compare' ? null : s.run?.result.summary.trace_hash ?? null));
  if (link === null) return null;
  return (
    <div className="share-box" data-testid="share-box">
      <div className="share-row">
        <label htmlFor="share-link">
          {draftLink ? 'The run on screen' : 'Link to this scenario'}{hash ? ` (trace hash ${hash.slice(0, 12)}…)` : ''}{linkOpens(link) ? ', copied if the browser allowed it' : ''}:
        </label>
        <input id="share-link" data-testid="share-link" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        <span className="hint">{link.length.toLocaleString('en')} characters</span>
      </div>
      <TooLong link={link} />
      {draftLink && (
        <div className="share-row" data-testid="share-draft">
          <label htmlFor="share-link-draft">
            You edited the scenario since this run. Your draft (not run yet: it will run with another trace hash):
          </label>
          <input id="share-link-draft" data-testid="share-link-draft" readOnly value={draftLink} onFocus={(e) => e.currentTarget.select()} />
          <span className="hint">{draftLink.length.toLocaleString('en')} characters</span>
        </div>
      )}
      {draftLink && <TooLong link={draftLink} />}
    </div>
  );
}

/** A link past what pages open: it says so and offers the scenario as a file instead. */
function TooLong({ link }: { link: string }) {
  const controller = useController();
  if (linkOpens(link)) return null;
  return (
    <div className="share-row error" role="alert" data-testid="share-too-long">
      This link is too long to open: pages read links of up to {MAX_HASH_CHARS.toLocaleString('en')} characters
      after the "#", and this one has {(link.length - link.indexOf('#')).toLocaleString('en')} (it was not copied).
      Share the scenario as a file instead: Import opens it.{' '}
      <button type="button" data-testid="share-export" onClick={() => controller.exportFile()}>Export the file</button>
    </div>
  );
}

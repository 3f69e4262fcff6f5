import { useAppState } from '../app/context';

/** The share link, visible and selectable: the clipboard may not be available. */
export function ShareBox() {
  const link = useAppState((s) => s.shareLink);
  if (link === null) return null;
  return (
    <div className="share-box">
      <label htmlFor="share-link">Link to this scenario (copied if the browser allowed it):</label>
      <input
        id="share-link"
        data-testid="share-link"
        readOnly
        value={link}
        onFocus={(e) => e.currentTarget.select()}
      />
      <span className="hint">{link.length.toLocaleString('en')} characters</span>
    </div>
  );
}

import { useAppState, useController } from '../app/context';
import { dismissError, showNotice } from '../store/appState';

export function ErrorBanner() {
  const { store } = useController();
  const error = useAppState((s) => s.error);
  const notice = useAppState((s) => s.notice);
  return (
    <>
      {error !== null && (
        <div className="banner" role="alert">
          <span data-testid="error-message">{error}</span>
          <button type="button" aria-label="Dismiss" data-testid="error-dismiss" onClick={() => store.dispatch(dismissError)}>×</button>
        </div>
      )}
      {notice !== null && (
        <div className="banner notice" role="status">
          <span data-testid="notice-message">{notice}</span>
          <button type="button" aria-label="Dismiss notice" onClick={() => store.dispatch(showNotice(null))}>×</button>
        </div>
      )}
    </>
  );
}

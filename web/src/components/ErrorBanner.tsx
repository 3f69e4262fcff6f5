import { useAppState, useController } from '../app/context';
import { dismissError } from '../store/appState';

export function ErrorBanner() {
  const { store } = useController();
  const error = useAppState((s) => s.error);
  if (error === null) return null;
  return (
    <div className="banner" role="alert">
      <span data-testid="error-message">{error}</span>
      <button type="button" aria-label="Dismiss" data-testid="error-dismiss" onClick={() => store.dispatch(dismissError)}>
        ×
      </button>
    </div>
  );
}

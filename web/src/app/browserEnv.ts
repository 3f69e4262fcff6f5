// The real browser behind the controller's Env: local storage, the address bar, downloads.
import type { Env } from './controller';

/** The type of a text file by its extension. */
function mimeOf(filename: string): string {
  if (filename.endsWith('.csv')) return 'text/csv';
  if (filename.endsWith('.svg')) return 'image/svg+xml';
  return 'application/json';
}

export const browserEnv: Env = {
  storage: {
    load(key) {
      try {
        return window.localStorage.getItem(key);
      } catch {
        return null; // storage disabled (private mode, policy): start from the default
      }
    },
    save(key, text) {
      try {
        window.localStorage.setItem(key, text);
      } catch {
        // Full or disabled: the draft lives on in this tab only.
      }
    },
  },
  clearHash() {
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname + window.location.search);
  },
  download(filename, data) {
    const blob = typeof data === 'string' ? new Blob([data], { type: mimeOf(filename) }) : data;
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = filename;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  },
};

// The real browser behind the controller's Env: local storage, the address bar, downloads.
import type { Env } from './controller';

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
  download(filename, text) {
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = filename;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  },
};

import type { EditableScenario } from '../scenario/types';

/** Untrusted text made editable and checked; or why not (`cancelled`: Cancel was pressed while it was checked). */
export type Prepared = { ok: true; scenario: EditableScenario } | { ok: false; error: string; cancelled?: true };

export const CANCELLED: Prepared = { ok: false, error: 'it was cancelled while it was checked', cancelled: true };

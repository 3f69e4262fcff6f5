// An error's text, and a message ended as a sentence (the controller's and the comparison's).
export const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
/** Ends a message with a full stop unless it already has one. */
export const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A non-modal dialog over the page (help, examples, presets, the tour): focus moves into it
 * when it opens and back to what had it (the button that opened it) when it closes. Which one
 * is open is app state (`dialog`): one at a time, and Esc closes it (app/keyboard.ts).
 */
export function Dialog({ label, testId, className, onClose, children }: {
  readonly label: string;
  readonly testId: string;
  readonly className?: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Into the field marked data-autofocus (the gallery's search), else the dialog itself.
    (ref.current?.querySelector<HTMLElement>('[data-autofocus]') ?? ref.current)?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <div ref={ref} tabIndex={-1} className={`popover${className ? ` ${className}` : ''}`} role="dialog" aria-label={label} data-testid={testId}>
      <h3>{label} <button type="button" className="icon" aria-label="Close" data-testid={`${testId}-close`} onClick={onClose}>×</button></h3>
      {children}
    </div>
  );
}

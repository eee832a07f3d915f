import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { quietFocus } from '../select/quietFocus';

/** One invalid field of a form, as the banner lists it. */
type Problem = { id: string; label: string; error: string };

function textOf(ids: string | null): string {
  return (ids ?? '')
    .split(/\s+/)
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ')
    .trim();
}

/** A field's name as a user reads it: its label (without the required '*'), else its
 * aria-labelledby or aria-label. */
function labelOf(field: HTMLElement): string {
  const labels = (field as HTMLInputElement).labels;
  const text = (labels && labels.length ? labels[0].textContent : '') || textOf(field.getAttribute('aria-labelledby')) || field.getAttribute('aria-label') || field.getAttribute('name') || '';
  return text.replace(/\s*\*\s*$/, '').replace(/\s+/g, ' ').trim();
}

/** The invalid fields of `scope` in the order they show: every element marked aria-invalid. */
export function invalidFields(scope: HTMLElement | null): HTMLElement[] {
  if (!scope) return [];
  return [...scope.querySelectorAll<HTMLElement>('[aria-invalid="true"]')].filter((el) => !el.closest('[inert]'));
}

/** Focuses a field and brings it to the middle of the screen (clear of a sticky bar). */
export function focusField(field: HTMLElement): void {
  quietFocus(field, { preventScroll: true });
  field.scrollIntoView({ block: 'center' });
}

let generated = 0;

function problemsOf(scope: HTMLElement | null): Problem[] {
  return invalidFields(scope).map((field) => {
    if (!field.id) field.id = `invalid-field-${++generated}`;
    return { id: field.id, label: labelOf(field), error: textOf(field.getAttribute('aria-describedby')) };
  });
}

type Props = {
  /** The failed save's message ('Revise los campos marcados', or the server's msg); nothing shows
   * while it is empty. */
  message: string;
  /** The form the banner speaks for: its invalid fields are listed. */
  scope: RefObject<HTMLElement | null>;
  /** Changes with every failed save (even with the same message): focus moves again. */
  attempt?: number;
  /** Something to offer beside the message ('Recargar'). */
  action?: ReactNode;
  /** Offers a 'Cerrar' button (after `action`) that hides the banner. */
  onDismiss?(): void;
  className?: string;
};

/**
 * The error banner of a form (issue 14 §3). Rules:
 * - shows the failed save's `message` and, under it, one link per invalid field of `scope` (every
 *   element marked `aria-invalid`, in screen order): 'Label: error'; a click focuses the field;
 * - each failure (a new `message` or `attempt`) moves focus to the first invalid field and scrolls
 *   it into view; the list follows the fields as they are corrected;
 * - a message without invalid fields (a server refusal about the whole record) shows alone.
 */
export function FormErrorBanner({ message, scope, attempt = 0, action, onDismiss, className = '' }: Props) {
  const [problems, setProblems] = useState<Problem[]>([]);

  // Each failure: list the invalid fields and focus the first, once the errors have rendered.
  useEffect(() => {
    if (!message) return;
    const frame = window.requestAnimationFrame(() => {
      setProblems(problemsOf(scope.current));
      const first = invalidFields(scope.current)[0];
      if (first) focusField(first);
    });
    return () => window.cancelAnimationFrame(frame);
  }, [message, attempt, scope]);

  // Fields corrected (or marked again) while the banner shows.
  useEffect(() => {
    const root = scope.current;
    if (!message || !root) return;
    const observer = new MutationObserver(() => setProblems(problemsOf(root)));
    observer.observe(root, { subtree: true, attributes: true, attributeFilter: ['aria-invalid'] });
    return () => observer.disconnect();
  }, [message, scope]);

  if (!message) return null;
  return (
    <div role="alert" className={`flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 ${className}`}>
      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600">
        <path fillRule="evenodd" d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z" clipRule="evenodd" />
      </svg>
      <div className="min-w-0 flex-1 break-words">
        <p>{message}</p>
        {problems.length ? (
          <ul className="mt-1 list-disc space-y-0.5 ps-5">
            {problems.map((p) => (
              <li key={p.id}>
                <a
                  href={`#${p.id}`}
                  onClick={(event) => {
                    event.preventDefault();
                    const field = document.getElementById(p.id);
                    if (field) focusField(field);
                  }}
                  className="font-medium underline underline-offset-2 hover:text-red-950 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
                >
                  {p.label || 'Campo'}
                  {p.error ? `: ${p.error}` : ''}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {action}
      {onDismiss ? (
        <button type="button" onClick={onDismiss} className="shrink-0 rounded px-1 font-medium underline focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none">
          Cerrar
        </button>
      ) : null}
    </div>
  );
}

import type { ButtonHTMLAttributes } from 'react';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'> & { label?: string; size?: 'sm' | 'md' };

/** The '×' of dialogs, toasts, file choices and drawers: an icon button named for screen readers
 * ('Cerrar' unless told), grey until hovered, with the teal focus ring. */
export function CloseButton({ label = 'Cerrar', size = 'md', className = '', ...button }: Props) {
  return (
    <button
      type="button"
      aria-label={label}
      className={`rounded-md ${size === 'md' ? 'p-1.5' : 'p-1'} text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none disabled:opacity-50 ${className}`}
      {...button}
    >
      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className={size === 'md' ? 'size-5' : 'size-4'}>
        <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
      </svg>
    </button>
  );
}

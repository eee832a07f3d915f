/** The '←' back to the work-order list that heads the board and the order form: the board's is a
 * link, the form's a button (its navigation asks about unsaved changes first). */
export const BACK_TO_LIST =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none';

/** The arrow, mirrored right-to-left. */
export function BackArrow() {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-5 rtl:-scale-x-100" aria-hidden="true">
      <path d="M16 10H4m0 0 5-5m-5 5 5 5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

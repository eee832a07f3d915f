/** Button looks shared by the dialogs: teal primary, white secondary, both with a visible focus
 * ring; full width under 640 px where the footers stack. */
const BASE =
  'inline-flex w-full items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed sm:w-auto';

export const PRIMARY_BUTTON = `${BASE} bg-teal-700 text-white shadow-sm hover:bg-teal-800 disabled:bg-teal-700/60`;
export const SECONDARY_BUTTON = `${BASE} bg-white text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:text-slate-400`;

/** The control look shared by the selects, matching TextField: white, slate ring, teal ring on
 * focus, red ring when invalid, grey when disabled. */
export function fieldClasses(invalid: boolean): string {
  return `block w-full rounded-md border-0 bg-white py-2 ps-3 text-start text-sm text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:outline-none focus:ring-inset data-disabled:cursor-not-allowed data-disabled:bg-slate-50 data-disabled:text-slate-500 ${
    invalid ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-teal-600'
  }`;
}

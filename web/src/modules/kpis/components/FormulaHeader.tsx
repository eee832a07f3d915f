import { useId } from 'react';

/** A column header that shows its formula on hover and focus (issue 19: each formula once, as in
 * docs/modules/reports.md); the formula is also the header's accessible description. */
export function FormulaHeader({ label, formula, align = 'right' }: { label: string; formula: string; align?: 'left' | 'right' }) {
  const id = useId();
  return (
    <th scope="col" className={`whitespace-nowrap px-3 py-2 font-semibold text-slate-700 ${align === 'right' ? 'text-right' : 'text-left'}`}>
      <span tabIndex={0} title={formula} aria-describedby={id} className="group relative cursor-help underline decoration-slate-400 decoration-dotted underline-offset-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700">
        {label}
        <span id={id} role="tooltip" className="pointer-events-none invisible absolute end-0 top-full z-20 mt-1 w-64 whitespace-normal rounded-md bg-slate-900 px-2 py-1.5 text-left text-xs font-normal text-white shadow-lg group-hover:visible group-focus:visible">
          {formula}
        </span>
      </span>
    </th>
  );
}

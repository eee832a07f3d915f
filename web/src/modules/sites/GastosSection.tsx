import { hasEditableQuantity, isEditable } from '@shared/site-expenses-lines';
import type { GastoLinea } from '@shared/site-expenses';
import { AmountInput } from './AmountInput';
import type { GastosValues, LineaTexto } from './gastosForm';
import { formatMoney, formatNumber } from '@shared/money';

type Props = {
  title: string;
  /** The lines as they will be saved (computed live). */
  lines: GastoLinea[];
  values: GastosValues;
  onChange(id: number, patch: Partial<LineaTexto>): void;
  total: number;
  /** The total row's label: Conceptos carries line 11, so its total is the site's. */
  totalLabel: string;
  canEdit: boolean;
  saving: boolean;
  errors: Record<string, string>;
};

function Badge({ tone, children }: { tone: 'slate' | 'teal' | 'amber'; children: string }) {
  const tones = { slate: 'bg-slate-100 text-slate-600', teal: 'bg-teal-50 text-teal-800', amber: 'bg-amber-100 text-amber-900' };
  return <span className={`ms-2 inline-block rounded-full px-2 py-0.5 align-middle text-[11px] font-medium ${tones[tone]}`}>{children}</span>;
}

const dash = <span className="inline-block py-1.5 text-slate-500">—</span>;

/** The typed columns: a quantity is a whole count, an amount is money. */
const INPUTS = { cantidad: { kind: 'count', label: 'Cantidad' }, monto: { kind: 'money', label: 'Monto' } } as const;

/** One section of a site's general expenses (seed 001 §3: Conceptos, Gestion, Almacen, Tecnicos)
 * as an editable table. Rules (seed 001 §9): quantity lines type cantidad and monto (total =
 * cantidad × monto); lump lines only monto; line 11 (total of the other sections) and line 12
 * (their quantity sum) are computed and read-only; line 16 is highlighted and its total is the
 * amount typed; disabled lines are greyed and read-only. Without the edit right everything is
 * read-only. */
export function GastosSection({ title, lines, values, onChange, total, totalLabel, canEdit, saving, errors }: Props) {
  const headingId = `gastos-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <h2 id={headingId} className="border-b border-slate-200 bg-slate-50 px-4 py-2.5 text-sm font-semibold text-slate-800">
        {title}
      </h2>
      {lines.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-500">Sin items...</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[720px] text-sm" aria-labelledby={headingId}>
            <thead>
              <tr className="border-b border-slate-200 text-xs text-slate-500">
                <th scope="col" className="w-12 px-3 py-2 text-start font-medium">N°</th>
                <th scope="col" className="px-3 py-2 text-start font-medium">Concepto</th>
                <th scope="col" className="w-28 px-3 py-2 text-end font-medium">Cantidad</th>
                <th scope="col" className="w-44 px-3 py-2 text-end font-medium">Monto</th>
                <th scope="col" className="w-44 px-3 py-2 text-end font-medium">Total</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => {
                const editable = isEditable(l) && canEdit;
                const computed = l.regla === 'total_otros_grupos' || l.regla === 'suma_cantidades';
                const fixed = l.regla === 'total_fijo';
                const text = values[l.id];
                const input = (field: keyof LineaTexto, typed: LineaTexto) => (
                  <AmountInput
                    kind={INPUTS[field].kind}
                    label={`${INPUTS[field].label}: ${l.concepto}`}
                    value={typed[field]}
                    onChange={(next) => onChange(l.id, field === 'cantidad' ? { cantidad: next } : { monto: next })}
                    readOnly={!editable}
                    disabled={saving}
                    error={errors[`${l.id}.${field}`]}
                  />
                );
                const row = fixed
                  ? 'bg-amber-50'
                  : computed
                    ? 'bg-teal-50/40'
                    : l.disabled
                      ? 'text-slate-500'
                      : '';
                return (
                  <tr key={l.id} className={`border-b border-slate-100 last:border-b-0 ${row}`} data-numero={l.numero} aria-disabled={l.disabled === 1 || undefined}>
                    <td className={`px-3 py-2 align-top text-slate-500 tabular-nums ${fixed ? 'border-s-4 border-s-amber-400' : 'border-s-4 border-s-transparent'}`}>{l.numero}</td>
                    <th scope="row" className="px-3 py-2 text-start align-top font-normal">
                      <span className={`${l.disabled ? 'line-through decoration-slate-300' : 'text-slate-900'} ${fixed ? 'font-semibold' : ''}`}>{l.concepto}</span>
                      {computed ? <Badge tone="teal">Calculado</Badge> : null}
                      {fixed ? <Badge tone="amber">Monto fijo</Badge> : null}
                      {l.disabled ? <Badge tone="slate">Deshabilitado</Badge> : null}
                      {l.info ? <span className="mt-0.5 block text-xs text-slate-500">{l.info}</span> : null}
                    </th>
                    <td className="px-3 py-1.5 text-end align-top tabular-nums">
                      {hasEditableQuantity(l) && text ? (
                        input('cantidad', text)
                      ) : l.usa_cantidad === 1 && !fixed ? (
                        <span className={`inline-block py-1.5 ${l.regla === 'suma_cantidades' ? 'font-semibold text-slate-900' : ''}`} data-testid={`cantidad-${l.numero}`}>
                          {formatNumber(l.cantidad, 0)}
                        </span>
                      ) : (
                        dash
                      )}
                    </td>
                    <td className="px-3 py-1.5 text-end align-top tabular-nums">
                      {isEditable(l) && text ? (
                        input('monto', text)
                      ) : l.disabled && l.monto ? (
                        <span className="inline-block py-1.5">{formatMoney(l.monto)}</span>
                      ) : (
                        dash
                      )}
                    </td>
                    <td className={`px-3 py-1.5 text-end align-top whitespace-nowrap tabular-nums ${computed || fixed ? 'font-semibold text-slate-900' : ''}`}>
                      {l.regla === 'suma_cantidades' ? dash : <span className="inline-block py-1.5" data-testid={`total-${l.numero}`}>{formatMoney(l.monto_total)}</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr className="border-t border-slate-200 bg-slate-50">
                <td />
                <th scope="row" colSpan={3} className="px-3 py-2 text-end text-xs font-medium text-slate-600">
                  {totalLabel}
                </th>
                <td className="px-3 py-2 text-end font-semibold whitespace-nowrap text-slate-900 tabular-nums">{formatMoney(total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}

import { useId, type ReactNode } from 'react';
import { formatNumber } from '@shared/money';
import { FieldError } from '../../../ui/dialogs/FieldError';
import { SwitchField } from '../../../ui/form/SwitchField';
import { Select } from '../../../ui/select/Select';
import { SelectAjax } from '../../../ui/select/SelectAjax';
import { SelectLocal } from '../../../ui/select/SelectLocal';
import { ProductStateChip } from '../../purchase-requests/components/Chips';
import { unitForMaterial } from '../../work-orders/internal/formDefaults';
import { unitChoices } from '../../work-orders/internal/unitChoices';
import type { UnitOption } from '../../work-orders/workOrderTypes';
import { toRequest, withMaterial, withMaterialCreation, withSiteStock, withStockProduct, withStockUse, type SiteLine } from '../internal/siteValues';
import type { StockOption } from '../siteWarehouseTypes';

type Props = {
  line: SiteLine;
  /** The line's number on screen (1-based), in every field's accessible name. */
  n: number;
  idObra: number;
  units: UnitOption[];
  conversions: unknown;
  editable: boolean;
  /** The line's field error (the server's `productos_solicitados.{i}.{field}`; '' the line's own). */
  error(field: string): string | undefined;
  onChange(next: SiteLine): void;
};

const CAPTION = 'text-xs font-medium text-slate-600';
const INPUT =
  'block min-h-11 w-full rounded-md border-0 bg-white px-3 py-2 text-base text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:outline-none focus:ring-inset disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 sm:text-sm';
/** The kit's selects at phone tap size (≥ 44 px). */
const TALL = '[&_button]:min-h-11 [&_input]:min-h-11';
/** A switch row at phone tap size: the row is 44 px and the switch's own target reaches 44 px. */
const SWITCH_ROW = "[&>div]:min-h-11 [&>div]:items-center [&_[role=switch]]:relative [&_[role=switch]]:after:absolute [&_[role=switch]]:after:-inset-2.5 [&_[role=switch]]:after:content-['']";

/** A text input with its visible label (the row's number for screen readers) and its error. */
function LineInput({ label, n, value, onChange, error, required, ...input }: { label: string; n: number; value: string; onChange(v: string): void; error?: string; required?: boolean; disabled?: boolean; inputMode?: 'decimal'; placeholder?: string; maxLength?: number }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={CAPTION}>
        {label}
        <span className="sr-only"> (fila {n})</span>
        {required ? (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <input
        {...input}
        id={id}
        value={value}
        required={required}
        aria-required={required || undefined}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`mt-1 ${INPUT} ${error ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-teal-600'}`}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A read-only figure of the line: caption, then the value. */
function Figure({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <p className={CAPTION}>{label}</p>
      <p className={`mt-1 flex min-h-11 items-center tabular-nums ${strong ? 'text-lg font-semibold text-slate-900' : 'text-base text-slate-800'}`}>{children}</p>
    </div>
  );
}

/** One spare part of the site Pedido as a card (seed 002 §4 "Material quantity logic"): the
 * material (searched from 4 characters) or 'Crear material' with its required description and
 * type, the unit among the material type's, what the technician asked for, 'Stock en obra' (a non-negative
 * decimal capped at the request; locked while another request's stock is used), 'Usar stock de
 * otra solicitud' with that request's product for the same material and site ('Tomado: N'), and
 * 'Por solicitar'. Every rule lives in internal/siteValues. */
export function SiteLineCard({ line: l, n, idObra, units, conversions, editable, error, onChange }: Props) {
  const creating = l.solicitud_material === 1;
  const stockLocked = l.usar_stock === 1 && l.id_stock !== null;
  const rest = toRequest(l);
  const lineError = error('') ?? error('cantidad_solicitada_por_almacen_obra');

  return (
    <li className="px-4 py-4 sm:px-5" aria-label={`Repuesto ${n}: ${l.descripcion || l.elemento || 'sin descripción'}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="inline-flex size-7 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700 tabular-nums">{n}</span>
        <span className="min-w-0 flex-1 text-sm font-medium break-words text-slate-800">{l.elemento || 'Sin elemento'}</span>
        {l.vale_salida ? <span className="text-xs text-slate-600">Vale de salida {l.vale_salida}</span> : null}
        {l.estado_nombre ? <ProductStateChip estado={l.estado} nombre={l.estado_nombre} /> : null}
      </div>

      <div className="mt-3 grid gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div className="min-w-0 space-y-3">
          {creating ? (
            <LineInput
              label="Descripción del material nuevo"
              n={n}
              value={l.descripcion}
              maxLength={500}
              required
              placeholder="Describa el material a crear"
              disabled={!editable}
              onChange={(v) => onChange({ ...l, descripcion: v })}
              error={error('descripcion')}
            />
          ) : editable ? (
            <div className={TALL}>
              <SelectAjax<number>
                label={`Material (fila ${n})`}
                endpoint="/fil_datas/materiales"
                minLength={4}
                value={l.id_material}
                required
                onChange={(v, item) => {
                  const tipo = v ? Number(item?.raw?.id_material_tipo) || null : null;
                  const next = withMaterial(l, v ? { id: v, codigo: String(item?.raw?.codigo ?? ''), nombre: String(item?.raw?.nombre ?? item?.label ?? ''), id_material_tipo: tipo } : null);
                  // The material's unit when it has one; a unit outside its type is cleared (seed 001 §5).
                  onChange({ ...next, id_unidad: v ? unitForMaterial(l.id_unidad, units, conversions, tipo) : l.id_unidad });
                }}
                placeholder="Código o nombre (4 caracteres)…"
                error={error('id_material')}
              />
              {l.codigo_material ? <p className="mt-1 text-xs text-slate-600">Código {l.codigo_material}</p> : null}
            </div>
          ) : (
            <Figure label="Material">
              <span className="break-words">{[l.codigo_material, l.descripcion].filter(Boolean).join(' · ') || '—'}</span>
            </Figure>
          )}
          <div className={SWITCH_ROW}>
            <SwitchField label={`Crear material`} hint={creating ? 'Se pedirá a SICAM crear este material.' : undefined} value={l.solicitud_material} disabled={!editable} onChange={(on) => onChange(withMaterialCreation(l, on === 1))} />
          </div>
          {creating && editable ? (
            <div className={TALL}>
              <SelectLocal<number>
                label={`Tipo de material (fila ${n})`}
                endpoint="/fil_datas/material_tipos"
                value={l.id_material_tipo}
                required
                onChange={(v) => onChange({ ...l, id_material_tipo: v, id_unidad: unitForMaterial(l.id_unidad, units, conversions, v) })}
                placeholder="Tipo en que SICAM lo creará"
                error={error('id_material_tipo')}
              />
            </div>
          ) : null}
          {editable ? (
            <div className={TALL}>
              <Select<number>
                label={`Unidad (fila ${n})`}
                items={unitChoices(units, conversions, l.id_material_tipo)}
                value={l.id_unidad}
                onChange={(v) => onChange({ ...l, id_unidad: v })}
                placeholder="Unidad"
                error={error('id_unidad')}
              />
            </div>
          ) : (
            <Figure label="Unidad">{l.unidad || units.find((u) => u.value === l.id_unidad)?.label || '—'}</Figure>
          )}
        </div>

        <div className="min-w-0 space-y-3">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Figure label="Solicitado (técnico)">{formatNumber(l.solicitada)}</Figure>
            <LineInput
              label="Stock en obra"
              n={n}
              inputMode="decimal"
              value={l.stock}
              disabled={!editable || stockLocked}
              onChange={(v) => onChange(withSiteStock(l, v))}
              error={error('cantidad_en_almacen_obra')}
            />
            <div className="col-span-2 sm:col-span-1" aria-live="polite">
              <Figure label="Por solicitar" strong>
                {formatNumber(rest)}
                <span className="sr-only"> por solicitar en la fila {n}</span>
              </Figure>
            </div>
          </div>
          <div className="rounded-md bg-slate-50 px-3 py-2">
            <div className={SWITCH_ROW}>
              <SwitchField
                label="Usar stock de otra solicitud"
                value={l.usar_stock}
                disabled={!editable || creating || !l.id_material}
                onChange={(on) => onChange(withStockUse(l, on === 1))}
              />
            </div>
            {l.usar_stock === 1 ? (
              <div className="mt-2 space-y-1">
                {editable && l.id_material && idObra ? (
                  <div className={TALL}>
                    <SelectLocal<number>
                      label={`Producto de otra solicitud (fila ${n})`}
                      endpoint="/fil_datas/stockProductosDeSolicitudesCompras"
                      params={{ id_material: l.id_material, id_obra: idObra }}
                      value={l.id_stock}
                      required
                      onChange={(v, item) => onChange(withStockProduct(l, v && item ? ({ ...(item.raw ?? {}), value: v, label: item.label } as StockOption) : null))}
                      placeholder="Elija la solicitud que presta el stock"
                      error={error('id_producto_solicitado_stock_solicitud')}
                    />
                  </div>
                ) : (
                  <p className="text-sm break-words text-slate-800">{l.stock_label || '—'}</p>
                )}
                <p className="text-sm font-medium text-slate-800 tabular-nums" aria-live="polite">
                  Tomado: {formatNumber(l.tomado)}
                </p>
              </div>
            ) : null}
          </div>
          {lineError ? <FieldError id={`line-${l.id}-error`} message={lineError} /> : null}
        </div>
      </div>
    </li>
  );
}

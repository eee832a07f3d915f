import type { SelectOption } from '../../../ui/select/selectOption';

/** The warehouse kinds of the stock ledger, as the filters offer them. */
export const WAREHOUSE_OPTIONS: SelectOption<string>[] = [
  { value: 'central', label: 'Almacén central' },
  { value: 'transito', label: 'En tránsito a obra' },
  { value: 'obra', label: 'Almacén de obra' },
];

export const REASON_OPTIONS: SelectOption<string>[] = [
  { value: 'ingreso_oc', label: 'Ingreso por orden de compra' },
  { value: 'stock_declarado', label: 'Stock registrado en el pedido' },
  { value: 'traslado', label: 'Traslado con guía' },
  { value: 'recepcion', label: 'Recepción en obra' },
  { value: 'salida', label: 'Salida con vale' },
];

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { DialogsProvider } from '../../../ui/dialogs/DialogsProvider';
import { useWorkOrderForm, type WorkOrderForm } from '../hooks/useWorkOrderForm';
import { toFormValues, type WorkOrderValues } from '../internal/workOrderValues';
import type { WorkOrderItem } from '../workOrderTypes';

// What a section of the work-order editor needs around it in a component test: the app's query
// client (its selects load their options) and dialogs, and the form over a given order.

/** The app's providers a section reads: a fresh query client that does not retry, the dialogs. */
export function SectionProviders({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <DialogsProvider>{children}</DialogsProvider>
    </QueryClientProvider>
  );
}

type Props = {
  /** The order as GET /ordenes_trabajo/form gives it. */
  order: WorkOrderItem;
  /** Field errors as the server keys them, shown from the start. */
  errors?: Record<string, string>;
  /** Sees the form's values after every render. */
  onValues?(values: WorkOrderValues): void;
  children(form: WorkOrderForm): ReactNode;
};

/** Renders `children` over the editor's form of `order`, inside the section providers. */
export function WithOrderForm({ order, errors, onValues, children }: Props) {
  const form = useWorkOrderForm(toFormValues(order));
  const { setErrors } = form;
  useEffect(() => {
    if (errors) setErrors(errors);
  }, [errors, setErrors]);
  useEffect(() => onValues?.(form.values));
  return <SectionProviders>{children(form)}</SectionProviders>;
}

/** A `fetch` that answers GET option lookups from `options` by endpoint ('/fil_datas/equipos'):
 * `{ ok: true, items }`, or the one item named by `value` when the query asks for it. */
export function optionsFetch(options: Record<string, { value: number; label: string; [extra: string]: unknown }[]>): typeof fetch {
  return (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const endpoint = Object.keys(options).find((e) => url.pathname.endsWith(e));
    const items = endpoint ? options[endpoint] : [];
    const value = url.searchParams.get('value');
    const body = value === null ? { ok: true, items } : { ok: true, item: items.find((i) => String(i.value) === value) ?? null };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
  };
}

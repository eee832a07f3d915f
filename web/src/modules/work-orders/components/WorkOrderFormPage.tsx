import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { CONFIRM_PURCHASE_REQUEST, MSG_FILE_OPENED } from '@shared/messages';
import { useState } from 'react';
import { openInNewTab } from '../../../api/openInNewTab';
import { moduleRights, useMe } from '../../../session/useMe';
import { SECONDARY_BUTTON } from '../../../ui/dialogs/buttonClasses';
import { LoadState } from '../../../ui/dialogs/LoadState';
import { SavedRecordActions } from '../../../ui/history/SavedRecordActions';
import { useRecordActions } from '../../../ui/resource/useRecordActions';
import { useToast } from '../../../ui/toast/useToast';
import { workOrders } from '../workOrders.resource';
import { EstadoChip } from './EstadoChip';
import { TimelinePanel } from './TimelinePanel';
import { WorkOrderEditor, type WorkOrderMode } from './WorkOrderEditor';
import { BackArrow, BACK_TO_LIST } from './BackToList';
import { postCall, read } from '../../../api/typed';

export type WorkOrderTab = 'formulario' | 'linea_de_tiempo';

const TAB_CLASS =
  'relative -mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-4 py-3 text-sm font-medium whitespace-nowrap text-slate-600 outline-none hover:text-slate-900 data-focus:rounded-t-md data-focus:ring-2 data-focus:ring-teal-600 data-focus:ring-inset data-selected:border-teal-700 data-selected:text-teal-800';

type Props = {
  mode: WorkOrderMode;
  id?: number;
  tab?: WorkOrderTab;
  onTab?(tab: WorkOrderTab): void;
  /** Issue 20: a new OT opened from a machine's due preventive-maintenance plan. */
  preventive?: { id_equipo: number; id_pm_plan: number };
};

/** /ordenes_trabajo/nuevo, /ordenes_trabajo/{id}/editar and /ordenes_trabajo/{id}/replicar (seed
 * 001 §2): GET /ordenes_trabajo/form (replicar=true for a replica), then the tabs 'Formulario' and,
 * for a saved order, 'Linea de Tiempo' (the tab lives in the URL). A load failure shows its msg
 * with 'Reintentar' (seed 001 §8). */
export function WorkOrderFormPage({ mode, id = 0, tab = 'formulario', onTab, preventive }: Props) {
  const navigate = useNavigate();
  const me = useMe();
  const rights = moduleRights(me.data, '/ordenes_trabajo');
  const seesRequests = Boolean(me.data?.is_root) || moduleRights(me.data, '/solicitudes_compras').see;
  const { show } = useToast();
  const { run } = useRecordActions(workOrders);
  const [generation, setGeneration] = useState(0);
  /** The editor's line tab, kept here so a save's reading of the order does not reset it. */
  const [lineTab, setLineTab] = useState(0);
  const form = useQuery({
    queryKey: ['work-order-form', mode, id, generation, preventive?.id_equipo ?? 0, preventive?.id_pm_plan ?? -1],
    queryFn: () =>
      read('/ordenes_trabajo/form', { id, ...(mode === 'replicate' ? { replicar: 'true' as const } : {}), ...(mode === 'new' && preventive ? preventive : {}) }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const item = form.data?.item;
  const saved = mode === 'edit' && id > 0;

  const title = mode === 'new' ? 'Nueva orden de trabajo' : mode === 'replicate' ? 'Replicar orden de trabajo' : `Orden de trabajo ${item?.codigo ?? ''}`.trim();

  const idRequest = Number(item?.id_solicitud_compra ?? 0);
  // Seed 002 §4: once the site warehouse attended the order, what is left to request becomes its
  // purchase request, for users who may create requests (the decider's rule, from the server).
  const canGenerateRequest = saved && !!item && idRequest === 0 && rights.edit && Boolean(item.permissions?.can_generate_purchase_request);

  function generateRequest() {
    void run({
      call: postCall('/solicitudes_compras/crearPreSolicitud', { id_orden_trabajo: id }),
      confirm: { message: CONFIRM_PURCHASE_REQUEST, confirmLabel: 'Generar' },
      onOk: ({ envelope }) => {
        const idSolicitud = Number(envelope.id_solicitud_compra);
        // The new request is a borrador the user completes (resource, need date…): open it.
        if (seesRequests && idSolicitud > 0) void navigate({ to: '/solicitudes_compras/$id/editar', params: { id: String(idSolicitud) } });
        else setGeneration((g) => g + 1);
      },
    });
  }

  // The PDF opens in a new tab by the seed's form POST with the id and the token (seed 000 §7).
  function pdf() {
    const failed = openInNewTab('/ordenes_trabajo/pdf', { id });
    show(failed ?? MSG_FILE_OPENED, failed ? 'error' : 'success');
  }

  let body;
  if (form.isPending || me.isPending || form.isError) {
    body = (
      <LoadState framed error={form.error} onRetry={() => void form.refetch()}>
        <button type="button" className={SECONDARY_BUTTON} onClick={() => void navigate({ to: '/ordenes_trabajo' })}>
          Volver a la lista
        </button>
      </LoadState>
    );
  } else {
    // A save that leaves the order open reads it again in place (refetch: the editor stays on
    // screen meanwhile) and the editor starts anew from it (its key follows the reply).
    const editor = (
      <WorkOrderEditor
        key={`${generation}-${form.dataUpdatedAt}`}
        reply={form.data}
        mode={mode}
        canEdit={rights.edit}
        onReload={() => setGeneration((g) => g + 1)}
        onSaved={() => void form.refetch()}
        lineTab={lineTab}
        onLineTab={setLineTab}
      />
    );
    body = saved ? (
      <TabGroup selectedIndex={tab === 'linea_de_tiempo' ? 1 : 0} onChange={(i) => onTab?.(i === 1 ? 'linea_de_tiempo' : 'formulario')}>
        <TabList aria-label="Secciones de la orden de trabajo" className="mb-4 flex gap-1 overflow-x-auto rounded-lg border border-slate-200 bg-white px-3 shadow-sm">
          <Tab className={TAB_CLASS}>Formulario</Tab>
          <Tab className={TAB_CLASS}>Línea de tiempo</Tab>
        </TabList>
        <TabPanels>
          <TabPanel unmount={false} className="focus:outline-none">
            {editor}
          </TabPanel>
          <TabPanel className="focus:outline-none">
            <TimelinePanel id={id} />
          </TabPanel>
        </TabPanels>
      </TabGroup>
    ) : (
      editor
    );
  }

  return (
    <section className="mx-auto max-w-7xl space-y-4">
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
        <button type="button" aria-label="Volver a la lista" onClick={() => void navigate({ to: '/ordenes_trabajo' })} className={BACK_TO_LIST}>
          <BackArrow />
        </button>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-semibold text-slate-900">{title}</h1>
          {item ? (
            <p className="truncate text-sm text-slate-500">
              {mode === 'replicate' && item.rechazado_id
                ? 'Nueva orden a partir de una orden cerrada; el código se genera al guardar.'
                : mode === 'new' && item.pm_plan
                  ? `OT preventiva del plan «${item.pm_plan}»; el código se genera al guardar.`
                : item.obra
                  ? item.obra
                  : mode === 'new'
                    ? 'El código se genera al guardar.'
                    : ''}
            </p>
          ) : null}
        </div>
        {item && mode === 'edit' ? <EstadoChip estado={item.estado} /> : null}
        {saved && idRequest > 0 && seesRequests ? (
          <Link to="/solicitudes_compras/$id/editar" params={{ id: String(idRequest) }} className={`${SECONDARY_BUTTON} sm:w-auto`}>
            {item?.solicitud_tipo === 'servicio' ? 'Ver solicitud de servicio' : 'Ver solicitud de compra'}
          </Link>
        ) : null}
        {canGenerateRequest ? (
          <button type="button" className={`${SECONDARY_BUTTON} sm:w-auto`} onClick={generateRequest}>
            Generar solicitud de compra
          </button>
        ) : null}
        {saved ? <SavedRecordActions onPdf={pdf} streamType="work_order" id={id} label={`Orden de trabajo ${item?.codigo ?? ''}`.trim()} /> : null}
      </div>
      {body}
    </section>
  );
}

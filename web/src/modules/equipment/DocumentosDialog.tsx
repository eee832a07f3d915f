import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { download, fetchOk } from '../../api/client';
import { useRecordActions } from '../../ui/resource/useRecordActions';
import { CloseFooter, DialogFrame } from '../../ui/dialogs/DialogFrame';
import { useToast } from '../../ui/toast/useToast';
import { DialogHeader } from '../../ui/dialogs/DialogHeader';
import { DocumentoDialog } from './DocumentoDialog';
import { equipoDocumentos } from './equipment.resource';
import type { EquipoDocumento, EquipoTarget } from './equipmentTypes';
import { DialogList } from '../../ui/dialogs/DialogList';
import { formatFileSize } from '../../ui/file-picker/formatFileSize';
import { formatDateTime } from '@shared/time';

type Props = { equipo: EquipoTarget | null; canEdit: boolean; onClose(): void };

const LINK = 'rounded px-1.5 py-0.5 text-sm font-medium text-teal-700 hover:bg-teal-50 hover:text-teal-900 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none disabled:text-slate-400';

/** The documents of a machine (seed 001 §2, §7): the list (GET /equipo_documentos), 'No hay
 * documentos registrados' when empty, download with the original name, and — with the edit
 * right — 'Nuevo', edit, 'Activar'/'Desactivar' (an inactive document is marked 'Inactivo') and
 * remove ('Se eliminará permanentemente el registro. ¿Estás seguro?'). */
export function DocumentosDialog({ equipo, canEdit, onClose }: Props) {
  const id = equipo?.id ?? 0;
  const [editing, setEditing] = useState<number | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);
  const { show } = useToast();
  const { act } = useRecordActions(equipoDocumentos);
  const list = useQuery({
    queryKey: ['equipo_documentos', id],
    queryFn: () => fetchOk<{ items: EquipoDocumento[]; max_kb: number }>('GET', '/equipo_documentos', { id_equipo: id }),
    enabled: id > 0,
  });

  async function get(doc: EquipoDocumento) {
    setDownloading(doc.id);
    const r = await download('/equipo_documentos/downloadFile', { id: doc.id });
    setDownloading(null);
    show(r.ok ? 'Archivo descargado con éxito.' : r.msg, r.ok ? 'success' : 'error');
  }

  return (
    <DialogFrame open={equipo !== null} onClose={() => editing === null && onClose()} size="xl">
      <DialogHeader title="Documentos" subtitle={equipo ? [equipo.codigo, equipo.descripcion].filter(Boolean).join(' - ') : ''} onClose={onClose} />
      <DialogList query={list} create={canEdit ? { label: 'Nuevo', onClick: () => setEditing(0) } : undefined}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="rounded-md border border-dashed border-slate-300 py-8 text-center text-sm text-slate-500">No hay documentos registrados</p>
          ) : (
            <div className="overflow-x-auto rounded-md border border-slate-200">
              <table className="min-w-full text-sm" aria-label="Documentos del equipo">
                <thead className="bg-slate-50 text-xs text-slate-600">
                  <tr>
                    <th scope="col" className="px-3 py-2 text-start font-semibold">Título</th>
                    <th scope="col" className="px-3 py-2 text-start font-semibold">Comentario</th>
                    <th scope="col" className="px-3 py-2 text-start font-semibold">Archivo</th>
                    <th scope="col" className="px-3 py-2 text-start font-semibold">Actualizado</th>
                    <th scope="col" className="px-3 py-2 text-end font-semibold">
                      <span className="sr-only">Acciones</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {items.map((doc) => (
                    <tr key={doc.id}>
                      <td className="px-3 py-2 font-medium text-slate-800">
                        {doc.titulo}
                        {doc.estado === 1 ? null : <span className="ms-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-500">Inactivo</span>}
                      </td>
                      <td className="max-w-xs px-3 py-2 text-slate-600">{doc.comentario || '—'}</td>
                      <td className="px-3 py-2 text-slate-600">
                        {doc.tiene_archivo ? `${doc.documento_nombre ?? 'archivo'}${doc.documento_bytes ? ` (${formatFileSize(doc.documento_bytes)})` : ''}` : 'Sin archivo'}
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap text-slate-600">{formatDateTime(doc.date_updated)}</td>
                      <DocumentoActions
                        doc={doc}
                        canEdit={canEdit}
                        downloading={downloading === doc.id}
                        onDownload={() => void get(doc)}
                        onEdit={() => setEditing(doc.id)}
                        onAct={(kind) => void act(kind, doc.id)}
                      />
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </DialogList>
      <CloseFooter onClose={onClose} />
      {equipo ? <DocumentoDialog id={editing} idEquipo={equipo.id} maxKb={list.data?.max_kb ?? 10_240} onClose={() => setEditing(null)} /> : null}
    </DialogFrame>
  );
}

type ActionsProps = {
  doc: EquipoDocumento;
  canEdit: boolean;
  downloading: boolean;
  onDownload(): void;
  onEdit(): void;
  onAct(kind: 'enable' | 'disable' | 'remove'): void;
};

/** A document's actions: 'Descargar' when it has a file and, with the edit right, 'Editar',
 * 'Activar'/'Desactivar' and 'Eliminar'. */
function DocumentoActions({ doc, canEdit, downloading, onDownload, onEdit, onAct }: ActionsProps) {
  return (
    <td className="px-3 py-2 text-end whitespace-nowrap">
      {doc.tiene_archivo ? (
        <button type="button" className={LINK} disabled={downloading} onClick={onDownload}>
          {downloading ? 'Descargando…' : 'Descargar'}
        </button>
      ) : null}
      {canEdit ? (
        <>
          <button type="button" className={LINK} onClick={onEdit}>
            Editar
          </button>
          <button type="button" className={LINK} onClick={() => onAct(doc.estado === 1 ? 'disable' : 'enable')}>
            {doc.estado === 1 ? 'Desactivar' : 'Activar'}
          </button>
          <button
            type="button"
            className={`${LINK} text-rose-700 hover:bg-rose-50 hover:text-rose-900`}
            onClick={() => onAct('remove')}
          >
            Eliminar
          </button>
        </>
      ) : null}
    </td>
  );
}

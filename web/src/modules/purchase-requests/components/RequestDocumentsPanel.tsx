import { useRef, useState } from 'react';
import { postCall } from '../../../api/typed';
import { useConfirm } from '../../../ui/dialogs/useConfirm';
import { DocumentsTable, type DocumentRow } from '../../../ui/documents/DocumentsTable';
import { AddRowButton } from '../../../ui/form/AddRowButton';
import { useWrite } from '../../../ui/resource/useWrite';
import { useToast } from '../../../ui/toast/useToast';
import { CONFIRM_REMOVE_ROW } from '../internal/requestMessages';
import { blankDocument, documentErrorIndex, type RequestForm } from '../internal/requestValues';
import { Panel } from './PageHead';

type Props = {
  form: Pick<RequestForm, 'values' | 'set' | 'settle' | 'errors' | 'setErrors' | 'fieldError'>;
  readOnly: boolean;
  /** A save under way: the rows wait. */
  busy: boolean;
  /** The request's version after a saved document was removed (the next save sends it). */
  onVersion(version: number): void;
};

/** 'Documentos': the request's attachments (DocumentsTable) and 'Agregar documento'. A new row
 * goes at once; a saved document is removed on the server (its own call, asked first), which the
 * form then takes as its baseline, so it is not an unsaved change, and saves on from the new
 * version. Either clears the document errors, keyed by the new rows' places. */
export function RequestDocumentsPanel({ form, readOnly, busy, onVersion }: Props) {
  const { confirm } = useConfirm();
  const { show } = useToast();
  const { write } = useWrite();
  /** The key of the document row being removed on the server. */
  const [removingDoc, setRemovingDoc] = useState<string | null>(null);
  const rows = form.values.documentos;
  const latest = useRef(rows);
  latest.current = rows;

  const withoutDocumentErrors = () => {
    const errors = Object.fromEntries(Object.entries(form.errors).filter(([k]) => !k.startsWith('documentos.')));
    if (Object.keys(errors).length !== Object.keys(form.errors).length) form.setErrors(errors);
  };
  const updateDocument = (key: string, change: Partial<DocumentRow>) => {
    form.set('documentos', latest.current.map((d) => (d.key === key ? { ...d, ...change } : d)));
  };
  async function removeDocument(row: DocumentRow) {
    if (removingDoc || !(await confirm({ message: CONFIRM_REMOVE_ROW }))) return;
    if (row.id === 0) {
      form.set('documentos', latest.current.filter((d) => d.key !== row.key));
      withoutDocumentErrors();
      return;
    }
    setRemovingDoc(row.key);
    const r = await write(postCall('/solicitudes_compras/eliminarElementoDeDetalle', { tabla: 'documentos', id: row.id }));
    setRemovingDoc(null);
    if (!r.envelope.ok) {
      show(r.envelope.msg, 'error');
      return;
    }
    if (typeof r.envelope.version === 'number') onVersion(r.envelope.version);
    form.settle('documentos', (all) => all.filter((d) => d.id !== row.id));
    withoutDocumentErrors();
    show(r.envelope.msg, 'success');
  }

  return (
    <Panel title="Documentos" flush actions={!readOnly ? <AddRowButton label="Agregar documento" onClick={() => form.set('documentos', [...rows, blankDocument()])} /> : null}>
      {rows.length === 0 ? (
        <p className="px-4 py-6 text-center text-sm text-slate-500">
          {readOnly ? 'Sin documentos.' : 'Sin documentos. Adjunte cotizaciones, fichas técnicas o fotos (PDF, imagen o Excel, hasta 10 MB cada uno).'}
        </p>
      ) : (
        <DocumentsTable
          rows={rows}
          locked={readOnly || busy}
          removing={removingDoc}
          onRemove={(row) => void removeDocument(row)}
          onChange={updateDocument}
          errorOf={(i, f) => form.fieldError(`documentos.${documentErrorIndex(rows, i)}.${f}`)}
        />
      )}
    </Panel>
  );
}

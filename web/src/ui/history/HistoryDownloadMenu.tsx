import { ExportMenu } from '../list/ExportMenu';

/** 'Descargar historial': the record's whole history (GET /history/export) as Excel or PDF, every
 * event with who, as whom, when, session and each field before → after; the export menu of the
 * lists, with a short status line beside it. */
export function HistoryDownloadMenu({ streamType, id }: { streamType: string; id: number | string }) {
  return <ExportMenu path="/history" search={{ stream_type: streamType, id }} kinds={['xlsx', 'pdf']} label="Descargar historial" downloaded="Historial descargado." />;
}

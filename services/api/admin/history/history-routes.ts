import * as v from 'valibot';
import { eventInfo, UNKNOWN_EVENT } from '../../../../events/catalogues';
import { streamIdOf } from '../../../../events/store';
import { ApiError } from '../../platform/api-error';
import { exportResponse } from '../../platform/export/response';
import { MSG_EXPORTS_BUSY, takeExportSlot } from '../../platform/export/export-slots';
import { DATE_OUT_OF_RANGE, positiveId, yearInRange } from '../../platform/fields';
import { defineRoute, fileReply, type AnyRoute } from '../../platform/route';
import { logTargets } from '../logs/log-targets';
import { asOfReply, historyReply } from '@shared/contracts/admin';
import { historyAccess, historyStreamType, UNKNOWN_STREAM_TYPE } from './history-access';
import { historyItems } from './history-items';
import { historyMoments } from './history-moments';
import { recordAsOf } from './record-as-of';

export { UNKNOWN_STREAM_TYPE };
export const MSG_BAD_INSTANT = 'Fecha y hora inválidas';

/** An instant with its zone, as JSON writes one ('2026-11-25T09:01:17.899Z', or with an offset). */
const instantField = () =>
  v.pipe(
    v.string(MSG_BAD_INSTANT),
    v.trim(),
    v.isoTimestamp(MSG_BAD_INSTANT),
    v.check((s) => !Number.isNaN(Date.parse(s)), MSG_BAD_INSTANT),
    v.check(yearInRange, DATE_OUT_OF_RANGE),
  );

/** A value of a change as one cell of the download ('' for none; lists and objects as JSON). */
function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** GET /history (seed 000, record history): from any row, the record's own event stream in order,
 * each event with who (and the real user behind a 'login as'), from which session, when, and the
 * fields changed before → after. Read from the event log itself, never from a projection. Beside
 * it, the record as it was at an instant (time travel) and the whole history as a file. */
export function historyRoutes(): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/history',
      access: { kind: 'signed_in' },
      summary: 'Historial de un registro (stream_type e id): cada evento con quién, cuándo, desde qué sesión y los campos cambiados, y los momentos en que cambió (uno por transacción, para viajar en el tiempo); requiere ver el módulo del registro',
      input: v.object({ stream_type: historyStreamType(), id: positiveId() }),
      output: historyReply,
      async handler({ input, deps, principal }) {
        await historyAccess(deps, principal, input.stream_type, input.id);
        const events = await deps.store.readStream(streamIdOf(input.stream_type, input.id));
        const moments = historyMoments(events).map((m) => ({ at: m.at.toISOString(), version: m.version }));
        return { items: await historyItems(deps, events), moments };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/history/asOf',
      access: { kind: 'signed_in' },
      summary:
        'El registro como estaba en un instante (at, ISO 8601): su estado plegado de los eventos hasta entonces con el decisor de su agregado, su versión de entonces y los cambios posteriores campo por campo; mismos permisos y alcance de obra que su formulario; 404 si aún no existía',
      input: v.object({ stream_type: historyStreamType(), id: positiveId(), at: instantField() }),
      output: asOfReply,
      async handler({ input, deps, principal }) {
        const stream = await historyAccess(deps, principal, input.stream_type, input.id);
        return recordAsOf({ deps, stream, streamType: input.stream_type, id: input.id, at: new Date(input.at) });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/history/export',
      access: { kind: 'signed_in' },
      summary: 'Descarga del historial completo de un registro (xlsx o pdf): cada evento con quién, como quién (iniciar sesión como), cuándo, la sesión y cada campo antes → después',
      input: v.object({ stream_type: historyStreamType(), id: positiveId(), kind: v.picklist(['xlsx', 'pdf'], 'Formato de exportación no válido') }),
      output: fileReply('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'),
      async handler({ input, deps, principal }) {
        await historyAccess(deps, principal, input.stream_type, input.id);
        const release = takeExportSlot(principal.userId);
        if (!release) throw new ApiError(429, MSG_EXPORTS_BUSY);
        let items: Awaited<ReturnType<typeof historyItems>>;
        try {
          items = await historyItems(deps, await deps.store.readStream(streamIdOf(input.stream_type, input.id)));
        } catch (error) {
          release();
          throw error;
        }
        const name = Object.hasOwn(logTargets, input.stream_type) ? logTargets[input.stream_type].name : input.stream_type;
        // One row per changed field (an event that changed none: one row), so a PDF line holds one
        // before → after and a spreadsheet filters by field.
        const rows = items.flatMap((item) => {
          const event = { ...item, evento: (eventInfo(item.type) ?? UNKNOWN_EVENT).label, como: item.original_who ?? '' };
          return item.changes.length
            ? item.changes.map((c) => ({ ...event, campo: c.field, antes: cellOf(c.from), despues: cellOf(c.to) }))
            : [{ ...event, campo: '', antes: '', despues: '' }];
        });
        return exportResponse({
          kind: input.kind,
          title: `Historial de ${name} #${input.id}`,
          fileBase: `historial-${input.stream_type}-${input.id}`,
          columns: [
            { key: 'version', label: 'Versión', kind: 'integer' },
            { key: 'when', label: 'Cuándo', kind: 'datetime' },
            { key: 'evento', label: 'Evento' },
            { key: 'who', label: 'Quién' },
            { key: 'como', label: 'Usuario real (iniciar sesión como)' },
            { key: 'session', label: 'Sesión' },
            { key: 'campo', label: 'Campo' },
            { key: 'antes', label: 'Antes' },
            { key: 'despues', label: 'Después' },
          ],
          rows: (async function* () {
            yield* rows;
          })(),
          now: deps.now(),
          onClose: release,
        });
      },
    }),
  ];
}

import { businessToday } from '@shared/time';
import { defineLookup } from '../platform/define-lookup';
import { defineRoute, moduleAccess, type AnyRoute } from '../platform/route';
import { userSites } from '../platform/site-scope';
import { changeHorometroState } from './change-hour-meter-state';
import { horometroList } from './hour-meter-list';
import { formInputSchema, idInputSchema, infoInputSchema, saveInputSchema, shiftGridInputSchema, shiftSaveInputSchema } from './hour-meter-schemas';
import { shiftGrid } from './shift-grid';
import { saveShiftReadings } from './save-shift-readings';
import { infoHorometroEquipo } from './info-hour-meter-equipment';
import { assertLogVisible, loadHorometroItem, loadHorometroRow } from './load-hour-meter';
import { readRegistrationRights, windowRefusal } from './registration-window';
import { saveHorometro } from './save-hour-meter';
import { TIPOS_TURNO } from './tipos-turno';
import { horometroFormReply, horometroSaveReply, infoHorometroReply, shiftGridReply, shiftSaveReply, tipoTurnoOption } from '@shared/contracts/hour-meters';
import { noPayload } from '@shared/contracts/platform';

const MODULE = '/horometros';

const turnosFrom = `(VALUES ${TIPOS_TURNO.map((t) => `(${t.id}, '${t.nombre}', ${t.horas}, ${t.inicio})`).join(', ')}) AS t(id, nombre, horas, inicio)`;

/** Seed 001 §2, §7: the hour-meter log list and export, its modal CRUD (form, create, remove,
 * enable, disable), the proposed start of a machine's next log and the shift types. The form picks
 * machines with /fil_datas/equipos (services/api/equipment). */
export function horometroRoutes(): AnyRoute[] {
  const stateRoute = (action: 'remove' | 'enable' | 'disable', method: 'GET' | 'POST', summary: string) =>
    defineRoute({
      method,
      path: `${MODULE}/${action}`,
      access: moduleAccess(MODULE, 'edit'),
      summary,
      input: idInputSchema,
      output: noPayload(),
      async handler(ctx) {
        return changeHorometroState(ctx.deps, { id: ctx.input.id, action, principal: ctx.principal, metadata: ctx.metadata });
      },
    });

  return [
    ...horometroList(),
    defineRoute({
      method: 'POST',
      path: `${MODULE}/form`,
      access: moduleAccess(MODULE, 'see'),
      summary: 'Formulario del registro de horómetro (id 0: valores iniciales) con el plazo de registro',
      input: formInputSchema,
      output: horometroFormReply,
      async handler(ctx) {
        const principal = ctx.principal;
        const rights = await readRegistrationRights(ctx.deps, principal);
        const now = ctx.deps.now();
        const common = { puede_registrar: rights.allowed, registro_horometro: rights.allowedHours, exento_plazo: rights.exempt, tipos_turno: TIPOS_TURNO };
        if (ctx.input.id === 0) {
          const today = businessToday(now);
          const item = {
            id: 0, id_equipo: null, fecha: today, fecha_creacion: today, id_tipo_turno: 1, h_inicio: null, h_fin: null,
            falla_operacional: 0, falla_neta: 0, falla_tajo: 0, obs_operacional: '', obs_neta: '', obs_tajo: '',
          };
          return { item, en_plazo: true, ...common };
        }
        const row = await assertLogVisible(ctx.deps, principal, await loadHorometroRow(ctx.deps.sql, ctx.input.id));
        const late = windowRefusal(rights, row.fecha, row.id_tipo_turno, now);
        return { item: await loadHorometroItem(ctx.deps.sql, row.id), en_plazo: late === null, plazo_msg: late, ...common };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${MODULE}/create`,
      access: moduleAccess(MODULE, 'edit'),
      summary: 'Registrar (id 0) o guardar un registro de horómetro (perfil con horometros; plazo registro_horometro)',
      input: saveInputSchema,
      output: horometroSaveReply,
      async handler(ctx) {
        return saveHorometro(ctx.deps, { input: ctx.input, principal: ctx.principal, metadata: ctx.metadata });
      },
    }),
    stateRoute('remove', 'GET', 'Eliminar un registro de horómetro'),
    stateRoute('enable', 'POST', 'Activar un registro de horómetro'),
    stateRoute('disable', 'POST', 'Desactivar un registro de horómetro'),
    defineRoute({
      method: 'GET',
      path: `${MODULE}/infoHorometroEquipo`,
      access: moduleAccess(MODULE, 'see'),
      summary: 'Horómetro inicial propuesto para el siguiente registro de un equipo (fin del último registro o lectura del equipo)',
      input: infoInputSchema,
      output: infoHorometroReply,
      async handler(ctx) {
        const principal = ctx.principal;
        return infoHorometroEquipo(ctx.deps.sql, ctx.input.id_equipo, await userSites(ctx.deps, principal));
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${MODULE}/turno`,
      access: moduleAccess(MODULE, 'see'),
      summary: 'Registro por turno: equipos activos de una obra con el horómetro inicial propuesto y el registro ya guardado del turno',
      input: shiftGridInputSchema,
      output: shiftGridReply,
      async handler(ctx) {
        const { id_obra, fecha, id_tipo_turno } = ctx.input;
        return shiftGrid(ctx.deps, { principal: ctx.principal, idObra: id_obra, fecha, idTipoTurno: id_tipo_turno });
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${MODULE}/registrarTurno`,
      access: moduleAccess(MODULE, 'edit'),
      summary: 'Registro por turno: guarda las lecturas de varios equipos, un comando por equipo, con el resultado de cada fila',
      input: shiftSaveInputSchema,
      output: shiftSaveReply,
      async handler(ctx) {
        const { fecha, id_tipo_turno, rows } = ctx.input;
        return saveShiftReadings(ctx.deps, { fecha, idTipoTurno: id_tipo_turno, rows, principal: ctx.principal, metadata: ctx.metadata });
      },
    }),
    defineLookup({
      path: '/fil_datas/tipo_turnos',
      access: { kind: 'signed_in' },
      summary: 'Tipos de turno del registro de horómetro (lista fija: horas e hora de inicio)',
      from: turnosFrom,
      valueColumn: 't.id',
      labelColumn: 't.nombre',
      extra: { horas: 't.horas', inicio: 't.inicio' },
      fields: tipoTurnoOption,
      order: 't.id',
    }),
  ];
}

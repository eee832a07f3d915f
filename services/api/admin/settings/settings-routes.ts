import * as v from 'valibot';
import type { Fields } from '../../../../events/record/record';
import { pictureText } from '../../../../events/record/setting';
import { adminStreams } from '../../../../projections/admin-content/admin-streams';
import { SETTING_DEFAULTS } from '../../../../projections/admin-content/setting-defaults';
import { ApiError } from '../../platform/api-error';
import { SAVED } from '../../platform/define-crud';
import { defineRoute, moduleAccess, type AnyRoute } from '../../platform/route';
import { checkUpload } from '../../platform/upload/checkUpload';
import { removeUpload } from '../../platform/upload/removeUpload';
import { storeUpload } from '../../platform/upload/storeUpload';
import { saveRecord } from './save-record';
import { parseClientDate, serverTimeZone, tiempo } from './server-clock';
import { settingsInput } from './settings-input';
import { readSettings, settingsItem, settingsUploads } from './settings-store';
import { publicSettingsReply, settingsReply } from '@shared/contracts/admin';

const MODULE = '/settings';
const KEYS = Object.keys(SETTING_DEFAULTS);
const PUBLIC_KEYS = ['brand', 'name', 'coin', 'interval', 'pic_logo', 'pic_favicon'];

/** A file part a browser sends for an empty file input (no name, no bytes) means no new file. */
function chosenFile(file: File | undefined): File | null {
  return file && (file.size > 0 || file.name !== '') ? file : null;
}

/** Company and general settings (seed 000 §3, Settings) on the `setting-1` record stream: every
 * save is one event with the changed keys; app_settings is its read model. */
export function settingsRoutes(): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/settings',
      access: moduleAccess(MODULE, 'see'),
      summary: 'Configuración de la empresa y general, con la hora del servidor (diferencia con fecha_cliente en segundos)',
      input: v.object({
        fecha_cliente: v.optional(
          v.pipe(v.string('Fecha del cliente inválida'), v.maxLength(40, 'Fecha del cliente inválida'), v.check((s) => parseClientDate(s) !== null, 'Fecha del cliente inválida')),
        ),
      }),
      output: settingsReply,
      async handler({ input, deps }) {
        const stored = await readSettings(deps.sql);
        const client = input.fecha_cliente ? parseClientDate(input.fecha_cliente) : null;
        return { item: settingsItem(stored, KEYS), tiempo: tiempo(deps.now(), client, serverTimeZone()) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/settings/public',
      access: { kind: 'signed_in' },
      summary: 'Configuración que el marco de la web necesita (marca, nombre, moneda, intervalo, logo y favicon)',
      output: publicSettingsReply,
      async handler({ deps }) {
        return { item: settingsItem(await readSettings(deps.sql), PUBLIC_KEYS) };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/settings/save',
      access: moduleAccess(MODULE, 'edit'),
      summary: 'Guardar la configuración (solo los campos enviados); multipart con pic_logo (png, jpg, webp; 512 KB) y pic_favicon (png; 128 KB)',
      input: settingsInput,
      bodyLimit: (settingsUploads.reduce((sum, u) => sum + u.maxKb, 0) + 64) * 1024,
      output: settingsReply,
      async handler({ input, deps, files, metadata }) {
        const current = await readSettings(deps.sql);
        const fields: Fields = {};
        for (const key of KEYS) {
          const value = (input as Record<string, unknown>)[key];
          if (value !== undefined && !key.startsWith('pic_')) fields[key] = value;
        }
        // Text values of the picture fields first, then the files: nothing is stored for a
        // request that is refused.
        const newFiles: { field: string; file: File }[] = [];
        for (const policy of settingsUploads) {
          const file = chosenFile(files[policy.field]);
          if (file) newFiles.push({ field: policy.field, file });
          else {
            const text = (input as Record<string, string | null | undefined>)[policy.field];
            if (text !== undefined) {
              const kept = pictureText(policy.field, text, current[policy.field]);
              if (kept === null) fields[policy.field] = null;
            }
          }
        }
        const checked = [];
        for (const { field, file } of newFiles) {
          const policy = settingsUploads.find((u) => u.field === field)!;
          const result = await checkUpload(file, policy);
          if (!result.ok) throw new ApiError(result.status, result.msg, result.errors);
          checked.push({ field, file: result.file });
        }
        const stored: string[] = [];
        try {
          for (const { field, file } of checked) {
            const name = await storeUpload(deps.config.uploadsDir, file);
            stored.push(name);
            fields[field] = name;
          }
          const baseline: Fields = {};
          for (const key of KEYS) baseline[key] = current[key] ?? null;
          await saveRecord(deps.store, adminStreams.setting.type, adminStreams.setting.id, fields, { metadata, baseline });
        } catch (error) {
          for (const name of stored) await removeUpload(deps.config.uploadsDir, name).catch(() => false);
          throw error;
        }
        return { msg: SAVED, item: settingsItem(await readSettings(deps.sql), KEYS) };
      },
    }),
  ];
}

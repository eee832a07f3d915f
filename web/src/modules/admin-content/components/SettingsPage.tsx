import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { FormErrorBanner } from '../../../ui/form/FormErrorBanner';
import { fetchOk } from '../../../api/client';
import { fieldErrors } from '../../../api/envelope';
import { moduleRights, useMe } from '../../../session/useMe';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../ui/dialogs/buttonClasses';
import { LoadState } from '../../../ui/dialogs/LoadState';
import { Spinner } from '../../../ui/dialogs/Spinner';
import { TextField } from '../../../ui/dialogs/TextField';
import { useFormState } from '../../../ui/dialogs/useFormState';
import { MSG_SAVED } from '@shared/messages';
import { useToast } from '../../../ui/toast/useToast';
import { useLeavePrompt } from '../../../ui/resource/useLeavePrompt';
import { useWrite } from '../../../ui/resource/useWrite';
import { PictureField } from './PictureField';
import { RecordHistoryButton } from '../../../ui/history/RecordHistoryButton';
import { ServerTime, type Tiempo } from './ServerTime';
import {
  SETTINGS_PICTURES,
  settingsFormData,
  tabForErrors,
  tabsWithErrors,
  toSettingsValues,
  type PictureChoice,
  type SettingsPicture,
  type SettingsValues,
} from '../settingsForm';
import { SETTINGS_TABS, settingsTabIndex, type SettingsTab } from '../settingsSearch';

type SettingsReply = { item?: Record<string, unknown>; tiempo?: Tiempo };

const SETTINGS_KEY = ['settings', 'form'] as const;
const NO_PICTURES: Record<SettingsPicture, PictureChoice> = { pic_logo: { file: null, remove: false }, pic_favicon: { file: null, remove: false } };
const TAB_LABELS: Record<SettingsTab, string> = { general: 'General', empresa: 'Empresa' };

/** `fecha_cliente` lets the server say how far its clock is from this device's. */
async function loadSettings(): Promise<SettingsReply & { receivedAt: number }> {
  const r = await fetchOk<SettingsReply>('GET', '/settings', { fecha_cliente: String(Date.now()) });
  return { item: r.item, tiempo: r.tiempo, receivedAt: Date.now() };
}

/** /settings (seed 000): tabs 'General' (coin, interval, registro_horometro) and 'Empresa' (the
 * company's data, logo and favicon), the tab in the URL (`?t=general|empresa`); the server's
 * clock. One 'Guardar' (edit right only) sends both tabs as one multipart form; a refused save
 * shows each error under its field and moves to a tab that has one. Saving refreshes the frame's
 * logo and favicon (`['settings', 'public']`). */
export function SettingsPage() {
  const { t } = useSearch({ from: '/_app/settings' });
  const navigate = useNavigate({ from: '/settings' });
  const tab: SettingsTab = t ?? 'general';
  const rights = moduleRights(useMe().data, '/settings');
  const canEdit = rights.edit;
  const { show } = useToast();
  const { write } = useWrite([['settings', 'public']]);
  const settings = useQuery({ queryKey: SETTINGS_KEY, queryFn: loadSettings, staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false, retry: false });
  const form = useFormState<SettingsValues>(toSettingsValues(null));
  const [pictures, setPictures] = useState(NO_PICTURES);
  const [message, setMessage] = useState('');
  const [attempt, setAttempt] = useState(0);
  const scope = useRef<HTMLElement>(null);
  const [saving, setSaving] = useState(false);
  const loaded = useRef(false);
  const { reset } = form;

  // The first reply fills the form; after a save the form is refilled from the saved values.
  useEffect(() => {
    if (!settings.data || loaded.current) return;
    loaded.current = true;
    reset(toSettingsValues(settings.data.item));
  }, [settings.data, reset]);

  const picturesChanged = Object.values(pictures).some((p) => p.file !== null || p.remove);
  const dirty = form.dirty || picturesChanged;
  const errorTabs = tabsWithErrors(form.errors);

  useLeavePrompt(dirty);

  function selectTab(next: SettingsTab) {
    void navigate({ search: (prev) => ({ ...prev, t: next }), replace: true });
  }

  async function save() {
    if (saving || !canEdit) return;
    setSaving(true);
    setMessage('');
    const r = await write({ path: '/settings/save', body: settingsFormData(form.values, pictures) });
    if (!r.envelope.ok) {
      setSaving(false);
      const errors = fieldErrors(r.envelope.errors);
      setMessage(r.envelope.msg);
      setAttempt((n) => n + 1);
      form.setErrors(errors);
      const target = tabForErrors(errors, tab);
      if (target !== tab) selectTab(target);
      return;
    }
    show(r.envelope.msg || MSG_SAVED, 'success');
    const fresh = await settings.refetch();
    const saved = fresh.data?.item ?? (r.envelope.item as Record<string, unknown> | undefined);
    form.reset(toSettingsValues(saved ?? form.values));
    setPictures(NO_PICTURES);
    setSaving(false);
  }

  const item = settings.data?.item ?? {};
  const field = (name: keyof SettingsValues, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      name={name}
      value={form.values[name]}
      onChange={(v) => form.set(name, v)}
      error={form.fieldError(name)}
      readOnly={!canEdit}
      disabled={saving}
      {...extra}
    />
  );
  const picture = (key: SettingsPicture, hint: string, shape: 'wide' | 'square') => (
    <PictureField
      label={SETTINGS_PICTURES[key].label}
      accept={SETTINGS_PICTURES[key].accept}
      maxKb={SETTINGS_PICTURES[key].maxKb}
      current={item[key]}
      choice={pictures[key]}
      onChange={(choice) => {
        setPictures((p) => ({ ...p, [key]: choice }));
        if (form.errors[key]) {
          const { [key]: _removed, ...rest } = form.errors;
          form.setErrors(rest);
        }
      }}
      error={form.fieldError(key)}
      canEdit={canEdit && !saving}
      shape={shape}
      hint={hint}
    />
  );

  let body;
  if (settings.isPending || settings.isError) {
    body = <LoadState error={settings.error} onRetry={() => void settings.refetch()} />;
  } else {
    body = (
      <form
        noValidate
        aria-busy={saving}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TabGroup selectedIndex={settingsTabIndex(tab)} onChange={(i) => selectTab(SETTINGS_TABS[i] ?? 'general')}>
          <TabList aria-label="Secciones de la configuración" className="flex gap-1 overflow-x-auto border-b border-slate-200 px-3 sm:px-5">
            {SETTINGS_TABS.map((name) => (
              <Tab
                key={name}
                className="relative -mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-4 py-3 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-slate-900 outline-none data-focus:rounded-t-md data-focus:ring-2 data-focus:ring-teal-600 data-focus:ring-inset data-selected:border-teal-700 data-selected:text-teal-800"
              >
                {TAB_LABELS[name]}
                {errorTabs.includes(name) ? (
                  <>
                    <span aria-hidden="true" className="size-2 rounded-full bg-red-500" />
                    <span className="sr-only">(con errores)</span>
                  </>
                ) : null}
              </Tab>
            ))}
          </TabList>
          <TabPanels>
            <TabPanel unmount={false} className="space-y-6 p-4 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none focus-visible:ring-inset sm:p-6">
              <div className="grid gap-4 sm:grid-cols-3">
                {field('coin', 'Moneda', { required: true, hint: 'Símbolo de los montos, p. ej. S/' })}
                {field('interval', 'Intervalo (segundos)', { type: 'number', inputMode: 'numeric', min: 0, step: 1 })}
                {field('registro_horometro', 'Registro de horómetro (horas)', { type: 'number', inputMode: 'numeric', min: 0, step: 1 })}
              </div>
              <ServerTime tiempo={settings.data?.tiempo} receivedAt={settings.data?.receivedAt ?? Date.now()} />
            </TabPanel>
            <TabPanel unmount={false} className="space-y-6 p-4 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none focus-visible:ring-inset sm:p-6">
              <div className="grid gap-4 sm:grid-cols-2">
                {field('brand', 'Nombre comercial', { required: true, autoComplete: 'organization' })}
                {field('name', 'Razón social')}
                {field('ruc', 'RUC', { inputMode: 'numeric', autoComplete: 'off' })}
                {field('website', 'Sitio web', { type: 'url', inputMode: 'url', placeholder: 'https://', autoComplete: 'url' })}
                {field('email', 'Correo electrónico', { type: 'email', autoComplete: 'email' })}
                {field('phone', 'Teléfono', { type: 'tel', autoComplete: 'tel' })}
                {field('country_code', 'Código de país', { hint: 'Dos letras, p. ej. PE', autoComplete: 'country' })}
                {field('address', 'Dirección', { autoComplete: 'street-address' })}
              </div>
              <div className="grid gap-4 lg:grid-cols-2">
                {picture('pic_logo', `PNG, JPG o WebP; hasta ${SETTINGS_PICTURES.pic_logo.maxKb} KB. Se muestra en el menú.`, 'wide')}
                {picture('pic_favicon', `PNG; hasta ${SETTINGS_PICTURES.pic_favicon.maxKb} KB. El icono de la pestaña del navegador.`, 'square')}
              </div>
            </TabPanel>
          </TabPanels>
        </TabGroup>
        {canEdit ? (
          <div className="flex flex-col-reverse gap-2 border-t border-slate-200 bg-slate-50/60 px-4 py-3 sm:flex-row sm:items-center sm:justify-end sm:px-6">
            <p className="text-sm text-slate-500 sm:me-auto" aria-live="polite">
              {dirty ? <span className="font-medium text-amber-700">Hay cambios sin guardar.</span> : null}
            </p>
            <button type="submit" disabled={saving} className={PRIMARY_BUTTON}>
              {saving ? <Spinner className="size-4" /> : null}
              Guardar
            </button>
          </div>
        ) : null}
      </form>
    );
  }

  return (
    <section ref={scope} className="mx-auto max-w-4xl space-y-4">
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:p-4">
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-semibold text-slate-900">Configuración</h1>
          <p className="text-sm text-slate-500">{canEdit ? 'Datos generales y de la empresa.' : 'Solo lectura.'}</p>
        </div>
        <Link to="/settings/tipos_cambio" className={`${SECONDARY_BUTTON} justify-center`}>
          Tipos de cambio
        </Link>
        <RecordHistoryButton streamType="setting" id={1} label="Configuración" className="justify-center" />
      </div>
      <FormErrorBanner message={message} scope={scope} attempt={attempt} />
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">{body}</div>
    </section>
  );
}

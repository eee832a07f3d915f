import { Field, Label, Radio, RadioGroup, Switch } from '@headlessui/react';
import { Drawer } from '../ui/dialogs/Drawer';
import { useState, type ReactNode } from 'react';
import { useErrorDialog } from '../ui/dialogs/useErrorDialog';
import { Icon } from './icons';
import { DEFAULT_SHELL_SETTINGS, useShellSettings, type ShellLayout, type ShellSettings, type ShellTheme } from './useShellSettings';

type SettingsPanelProps = { open: boolean; onClose: () => void; language: string };

const focus = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600';

function Section({ title, children, hint }: { title: string; children: ReactNode; hint?: string }) {
  return (
    <section className="space-y-2.5">
      <h3 className="text-[11px] font-semibold tracking-wider text-slate-500 uppercase">{title}</h3>
      {children}
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
    </section>
  );
}

/** Two or three options side by side. */
function Segmented<T extends string>({ label, value, options, onChange, disabled }: { label: string; value: T; options: [T, string][]; onChange: (v: T) => void; disabled?: boolean }) {
  return (
    <RadioGroup value={value} onChange={onChange} aria-label={label} disabled={disabled} className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-slate-100 p-1">
      {options.map(([v, text]) => (
        <Radio
          key={v}
          value={v}
          className={`cursor-pointer rounded-md px-3 py-1.5 text-center text-sm font-medium text-slate-600 transition data-checked:bg-white data-checked:text-teal-800 data-checked:shadow-sm data-disabled:cursor-not-allowed data-disabled:opacity-50 ${focus}`}
        >
          {text}
        </Radio>
      ))}
    </RadioGroup>
  );
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <Field className="flex items-center justify-between gap-4">
      <Label className="text-sm text-slate-700">{label}</Label>
      <Switch
        checked={checked}
        onChange={onChange}
        className={`group flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full bg-slate-300 p-0.5 transition-colors data-checked:bg-teal-600 ${focus}`}
      >
        {/* A logical margin moves the knob, so it slides the right way in RTL too. */}
        <span className="pointer-events-none size-5 rounded-full bg-white shadow transition-[margin] duration-200 group-data-checked:ms-5" />
      </Switch>
    </Field>
  );
}

/** Miniature of a layout for its radio card. */
function LayoutPreview({ layout }: { layout: ShellLayout }) {
  const bar = 'rounded-sm bg-slate-300';
  if (layout === 'layout1') {
    return (
      <div className="flex h-14 gap-1 rounded-md bg-slate-100 p-1" aria-hidden>
        <div className="w-3 rounded-sm bg-slate-800" />
        <div className="flex flex-1 flex-col gap-1">
          <div className={`h-2 ${bar} bg-white`} />
          <div className="flex-1 rounded-sm bg-white/70" />
        </div>
      </div>
    );
  }
  return (
    <div className="flex h-14 flex-col gap-1 rounded-md bg-slate-100 p-1" aria-hidden>
      {layout === 'layout3' ? <div className="mx-2 h-2 rounded-sm bg-slate-800" /> : null}
      <div className={`h-2 ${bar} bg-white ${layout === 'layout3' ? 'mx-2' : ''}`} />
      {layout === 'layout2' ? <div className="h-2 rounded-sm bg-slate-800" /> : null}
      <div className={`flex-1 rounded-sm bg-white/70 ${layout === 'layout3' ? 'mx-2' : 'mx-1'}`} />
    </div>
  );
}

const THEME_SWATCH: Record<ShellTheme, string> = { light: 'bg-white', dark: 'bg-slate-900', teal: 'bg-teal-800' };
const THEME_NAME: Record<ShellTheme, string> = { light: 'Claro', dark: 'Oscuro', teal: 'Verde azulado' };
const PARTS: [keyof ShellSettings['themes'], string][] = [
  ['main', 'Principal'],
  ['navbar', 'Menú'],
  ['toolbar', 'Barra superior'],
  ['footer', 'Pie de página'],
];

/** The theme settings side panel (seed 000 §3): layout style, menu side, direction, boxed content,
 * a light, dark or teal theme for each part, custom scrollbars and animations. Every change
 * applies at once and is saved (server for signed-in users, this browser for guests); a refused
 * save is undone and its message shown. Slides in from the end side; Escape closes it. */
export function SettingsPanel({ open, onClose, language }: SettingsPanelProps) {
  const { settings, save } = useShellSettings();
  const { showError } = useErrorDialog();
  const [saving, setSaving] = useState(false);

  async function update(next: ShellSettings) {
    setSaving(true);
    const result = await save(next);
    setSaving(false);
    if (!result.ok) await showError({ title: 'No se pudo guardar la configuración', message: result.msg });
  }
  const set = <K extends keyof ShellSettings>(key: K, value: ShellSettings[K]) => void update({ ...settings, [key]: value });
  const setTheme = (part: keyof ShellSettings['themes'], theme: ShellTheme) => void update({ ...settings, themes: { ...settings.themes, [part]: theme } });
  const arabic = language === 'ar';

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Configuración del tema"
      icon="tune"
      closeLabel="Cerrar configuración"
      bodyClassName="space-y-7 px-5 py-6"
      footer={
        <button
          type="button"
          onClick={() => void update(DEFAULT_SHELL_SETTINGS)}
          className={`w-full rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 ${focus}`}
        >
          Restablecer valores
        </button>
      }
      status={
        saving ? (
          <span role="status" className="text-xs text-slate-500">
            Guardando…
          </span>
        ) : null
      }
    >
            <Section title="Diseño">
              <RadioGroup value={settings.layout} onChange={(v: ShellLayout) => set('layout', v)} aria-label="Diseño" className="grid grid-cols-3 gap-2">
                {(['layout1', 'layout2', 'layout3'] as const).map((layout, i) => (
                  <Radio
                    key={layout}
                    value={layout}
                    className={`group cursor-pointer rounded-lg border border-slate-200 p-1.5 transition data-checked:border-teal-600 data-checked:ring-2 data-checked:ring-teal-600/30 ${focus}`}
                  >
                    <LayoutPreview layout={layout} />
                    <span className="mt-1.5 block text-center text-xs font-medium text-slate-600 group-data-checked:text-teal-800">
                      {i === 0 ? 'Vertical' : i === 1 ? 'Horizontal' : 'Compacto'}
                    </span>
                  </Radio>
                ))}
              </RadioGroup>
            </Section>

            {settings.layout === 'layout1' ? (
              <Section title="Posición del menú">
                <Segmented
                  label="Posición del menú"
                  value={settings.navbarPosition}
                  onChange={(v) => set('navbarPosition', v)}
                  options={[
                    ['left', 'Izquierda'],
                    ['right', 'Derecha'],
                  ]}
                />
              </Section>
            ) : null}

            <Section title="Dirección" hint={arabic ? 'Con el menú en árabe el diseño es siempre de derecha a izquierda.' : undefined}>
              <Segmented
                label="Dirección"
                value={arabic ? 'rtl' : settings.direction}
                disabled={arabic}
                onChange={(v) => set('direction', v)}
                options={[
                  ['ltr', 'Izquierda a derecha'],
                  ['rtl', 'Derecha a izquierda'],
                ]}
              />
            </Section>

            <Section title="Temas">
              <div className="space-y-3">
                {PARTS.map(([part, name]) => (
                  <div key={part} className="flex items-center justify-between gap-3">
                    <span className="text-sm text-slate-700">{name}</span>
                    <RadioGroup value={settings.themes[part]} onChange={(v: ShellTheme) => setTheme(part, v)} aria-label={`Tema: ${name}`} className="flex gap-2">
                      {(['light', 'dark', 'teal'] as const).map((theme) => (
                        <Radio
                          key={theme}
                          value={theme}
                          aria-label={THEME_NAME[theme]}
                          title={THEME_NAME[theme]}
                          className={`group inline-flex size-8 cursor-pointer items-center justify-center rounded-full border border-slate-300 ${THEME_SWATCH[theme]} data-checked:ring-2 data-checked:ring-teal-600 data-checked:ring-offset-2 ${focus}`}
                        >
                          <Icon name="check" className={`hidden size-4 group-data-checked:block ${theme === 'light' ? 'text-teal-700' : 'text-white'}`} />
                        </Radio>
                      ))}
                    </RadioGroup>
                  </div>
                ))}
              </div>
            </Section>

            <Section title="Opciones">
              <div className="space-y-4">
                <Toggle label={settings.layout === 'layout3' ? 'Contenido en caja (1120 px)' : 'Contenido en caja (1280 px)'} checked={settings.boxed} onChange={(v) => set('boxed', v)} />
                <Toggle label="Barras de desplazamiento personalizadas" checked={settings.customScrollbars} onChange={(v) => set('customScrollbars', v)} />
                <Toggle label="Animaciones" checked={settings.animations} onChange={(v) => set('animations', v)} />
              </div>
            </Section>
    </Drawer>
  );
}

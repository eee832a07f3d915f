import { Icon } from '../../../shell/icons';
import { FormDialog } from '../../../ui/dialogs/FormDialog';
import { TextField } from '../../../ui/dialogs/TextField';
import { useRecordForm } from '../../../ui/resource/useRecordForm';
import { Select } from '../../../ui/select/Select';
import type { SelectOption } from '../../../ui/select/selectOption';
import { SwitchField } from '../../../ui/form/SwitchField';
import { modules } from '../modules.resource';

type Props = {
  /** null: closed; 0: a new module; else the module to edit. */
  id: number | null;
  /** The user type whose menu is being edited (the screen's filter). */
  idTypeUser: number;
  /** The groups of that menu, for the 'Grupo' select. */
  groups: SelectOption<number>[];
  /** The group a new module starts in (the group whose menu asked for it). */
  defaultParent?: number | null;
  onClose(): void;
};

type ModuleForm = {
  name: string;
  type: MenuType;
  id_parent: number | null;
  url: string;
  icon: string;
  section: string;
  root: number;
  es: string;
  en: string;
  tr: string;
  ar: string;
};

const EMPTY: ModuleForm = { name: '', type: 'item', id_parent: null, url: '', icon: '', section: '', root: 0, es: '', en: '', tr: '', ar: '' };

type MenuType = 'group' | 'collapse' | 'item' | 'link' | 'divider';

const TYPES: SelectOption<MenuType>[] = [
  { value: 'group', label: 'Grupo' },
  { value: 'collapse', label: 'Grupo desplegable' },
  { value: 'item', label: 'Módulo' },
  { value: 'link', label: 'Enlace externo' },
  { value: 'divider', label: 'Separador' },
];

/** The fields each type takes (the server checks the same rules): groups sit at the top with no
 * address; items, links and dividers go in a group; items take a route, links a web address. */
const TYPE_FIELDS: Record<MenuType, { parent: boolean; url: null | { label: string; placeholder: string } }> = {
  group: { parent: false, url: null },
  collapse: { parent: false, url: null },
  item: { parent: true, url: { label: 'URL', placeholder: '/ordenes_trabajo' } },
  link: { parent: true, url: { label: 'Dirección del enlace', placeholder: 'https://www.sunat.gob.pe' } },
  divider: { parent: true, url: null },
};

const isMenuType = (value: unknown): value is MenuType => TYPES.some((t) => t.value === value);

const str = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** The record of `POST /modules/form` as the form's values. */
function toForm(item: Record<string, unknown>, defaultParent: number | null): ModuleForm {
  const translate = (item.translate && typeof item.translate === 'object' ? item.translate : {}) as Record<string, unknown>;
  const parent = item.id_parent === null || item.id_parent === undefined || item.id_parent === '' ? null : Number(item.id_parent);
  const id = Number(item.id ?? 0);
  // A new record starts as a module of the chosen group; a stored entry keeps its type.
  const type: MenuType = isMenuType(item.type) ? item.type : id > 0 && parent === null ? 'group' : 'item';
  return {
    name: str(item.name),
    type,
    id_parent: id > 0 ? parent : (parent ?? defaultParent),
    url: str(item.url),
    icon: str(item.icon),
    section: str(item.section),
    root: Number(item.root ?? 0) ? 1 : 0,
    es: str(translate.es),
    en: str(translate.en),
    tr: str(translate.tr),
    ar: str(translate.ar),
  };
}

/** Create (id 0) or edit a menu entry through the generic modal CRUD (`/modules/form`,
 * `/modules/create`): name, type (group, collapse, item, link, divider; the fields follow it), group, url, icon, section, root-only flag and the menu labels
 * in the four menu languages. Rules: a group has no parent and no url; an empty section takes
 * the group's name (the seed's convention); the server's field errors show under the fields. */
export function ModuleDialog({ id, idTypeUser, groups, defaultParent = null, onClose }: Props) {
  const { form, dialogProps } = useRecordForm(modules, {
    id,
    empty: { ...EMPTY, id_parent: defaultParent },
    toValues: (item) => toForm(item, defaultParent),
    toPayload: (values) => {
      const typeFields = TYPE_FIELDS[values.type];
      const isGroup = !typeFields.parent;
      const parentName = groups.find((g) => g.value === values.id_parent)?.label ?? '';
      return {
        id,
        name: values.name,
        type: values.type,
        id_parent: isGroup ? null : values.id_parent,
        url: typeFields.url ? values.url.trim() || null : null,
        icon: values.icon.trim(),
        section: values.section.trim() || (isGroup ? values.name : parentName),
        root: values.root,
        id_type_user: idTypeUser,
        translate: { es: values.es, en: values.en, tr: values.tr, ar: values.ar },
      };
    },
    // Errors of the labels may come as 'translate.en' or for 'translate' as a whole.
    mapErrors: (errors) => {
      const mapped = { ...errors };
      for (const lang of ['es', 'en', 'tr', 'ar'] as const) if (errors[`translate.${lang}`]) mapped[lang] = errors[`translate.${lang}`];
      return mapped;
    },
    onClose,
  });

  const values = form.values;
  const fields = TYPE_FIELDS[values.type];
  const isGroup = !fields.parent;

  return (
    <FormDialog {...dialogProps} title={id ? 'Editar módulo' : 'Nuevo módulo'} size="lg">
      <TextField label="Nombre" name="name" required autoFocus maxLength={100} {...form.bind('name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select<MenuType>
          label="Tipo"
          items={TYPES}
          value={values.type}
          onChange={(v) => form.set('type', v ?? 'item')}
          error={form.fieldError('type')}
        />
        {isGroup ? null : (
          <Select<number>
            label="Grupo"
            items={groups}
            value={values.id_parent}
            onChange={(v) => form.set('id_parent', v)}
            placeholder="Seleccione un grupo"
            error={form.fieldError('id_parent')}
          />
        )}
      </div>
      {fields.url ? (
        <TextField
          label={fields.url.label}
          name="url"
          dir="ltr"
          required
          maxLength={200}
          placeholder={fields.url.placeholder}
          {...form.bind('url')}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex items-start gap-2">
          <TextField
            className="min-w-0 flex-1"
            label="Icono"
            name="icon"
            dir="ltr"
            maxLength={60}
            {...form.bind('icon')}
            hint="Nombre Material, p. ej. view_module"
          />
          <span title="Vista previa" className="mt-6 inline-flex size-9 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-600">
            <Icon name={values.icon || 'view_module'} className="size-5" />
          </span>
        </div>
        <TextField
          label="Sección"
          name="section"
          maxLength={100}
          {...form.bind('section')}
          hint="Vacía: el nombre del grupo"
        />
      </div>
      <SwitchField label="Solo root" hint="Solo el usuario root verá esta entrada en el menú." value={values.root} onChange={(v) => form.set('root', v)} />
      <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-700">Nombre en el menú por idioma</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Español (es)" name="translate_es" maxLength={100} value={values.es} onChange={(v) => form.set('es', v)} error={form.fieldError('es') ?? form.fieldError('translate')} hint="Vacío: el nombre" />
          <TextField label="Inglés (en)" name="translate_en" maxLength={100} {...form.bind('en')} />
          <TextField label="Turco (tr)" name="translate_tr" maxLength={100} {...form.bind('tr')} />
          <TextField label="Árabe (ar)" name="translate_ar" dir="rtl" maxLength={100} {...form.bind('ar')} />
        </div>
      </fieldset>
    </FormDialog>
  );
}

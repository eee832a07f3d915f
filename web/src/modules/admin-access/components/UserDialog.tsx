import { useEffect, useState } from 'react';
import { useAuthedBlobUrl } from '../../../api/useAuthedBlobUrl';
import { FormDialog } from '../../../ui/dialogs/FormDialog';
import { FilePicker } from '../../../ui/file-picker/FilePicker';
import { TextField } from '../../../ui/dialogs/TextField';
import { useRecordForm } from '../../../ui/resource/useRecordForm';
import { SelectLocal } from '../../../ui/select/SelectLocal';
import { SwitchField } from '../../../ui/form/SwitchField';
import { resizeSignature } from '../../profile/resizeSignature';
import { UserObras, type UserObra } from './UserObras';
import { DateField } from '../../../ui/DateField';
import { users } from '../users.resource';
import { offersSites } from '../internal/siteAssignment';

type Props = { id: number | null; canEdit: boolean; onClose(): void };

type UserForm = {
  id_role: number | null;
  name: string;
  surname: string;
  document: string;
  phone: string;
  email: string;
  password: string;
  tipo_trabajo: string;
  fecha_ingreso: string;
  fecha_salida: string;
  all_works: number;
  can_create_request: number;
  can_approve_requests: number;
};

const EMPTY: UserForm = {
  id_role: null,
  name: '',
  surname: '',
  document: '',
  phone: '',
  email: '',
  password: '',
  tipo_trabajo: '',
  fecha_ingreso: '',
  fecha_salida: '',
  all_works: 0,
  can_create_request: 0,
  can_approve_requests: 0,
};

/** The users form's signature limit, as the server's upload policy (seed 000 §5: jpg 200 × 120). */
const SIGNATURE_MAX_KB = 512;

/** The save as JSON, or as multipart when a signature file goes with it (empty values as ''). */
function savePayload(values: Record<string, unknown>, signature: File | null): Record<string, unknown> | FormData {
  if (!signature) return values;
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) form.append(key, value === null ? '' : String(value));
  form.append('pic_firma', signature);
  return form;
}

/** The form item of POST /users/form → the dialog's values (the password is never shown). */
function toForm(item: Record<string, unknown>): UserForm {
  return {
    id_role: item.id_role === null || item.id_role === undefined || item.id_role === '' ? null : Number(item.id_role),
    name: str(item.name),
    surname: str(item.surname),
    document: str(item.document),
    phone: str(item.phone),
    email: str(item.email),
    password: '',
    tipo_trabajo: str(item.tipo_trabajo),
    fecha_ingreso: day(item.fecha_ingreso),
    fecha_salida: day(item.fecha_salida),
    all_works: Number(item.all_works ?? 0) ? 1 : 0,
    can_create_request: Number(item.can_create_request ?? 0) ? 1 : 0,
    can_approve_requests: Number(item.can_approve_requests ?? 0) ? 1 : 0,
  };
}

const str = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
/** A date of the record as the date input wants it (yyyy-MM-dd). */
const day = (value: unknown) => str(value).slice(0, 10);
/** The profile's system_user flag when known (form item or the role option's raw row). */
const systemFlag = (value: unknown): boolean | null => (value === undefined || value === null || value === '' ? null : Boolean(Number(value)));

/** Create (id 0) or edit a user or worker (`/users/form`, `/users/create`). Rules (seed 000 §5):
 * - profile, name, surname and document are required; the e-mail is required for system users
 *   (profiles with system_user; marked when the profile is known); the server decides and its
 *   field errors show under the fields, its msg on top;
 * - the password is optional and never shown: empty keeps the current one; a worker without
 *   system access has none, so the field is disabled for such profiles;
 * - the 'Obras' section (UserObras) saves its changes at once, apart from 'Guardar';
 * - 'Todas las obras' and the 'Obras' section are not offered for the admin and root profiles
 *   (seed 000 §6; internal/siteAssignment.ts);
 * - 'Puede crear solicitudes' and 'Puede aprobar solicitudes' are the request flags (0/1);
 * - a signature picked in 'Firma' is fitted to 200 × 120 JPG (as the profile screen does) and goes
 *   with 'Guardar' as multipart; without a new file the stored one stays. */
export function UserDialog({ id, canEdit, onClose }: Props) {
  const [systemUser, setSystemUser] = useState<boolean | null>(null);
  const [obras, setObras] = useState<UserObra[]>([]);
  const [signature, setSignature] = useState<File | null>(null);
  const [signatureError, setSignatureError] = useState('');
  const [signaturePath, setSignaturePath] = useState<string | null>(null);
  const signatureUrl = useAuthedBlobUrl(signaturePath);
  const { form, reply, dialogProps } = useRecordForm(users, {
    id,
    empty: EMPTY,
    toValues: toForm,
    toPayload: (v) =>
      savePayload(
        {
          id,
          ...v,
          email: v.email.trim() || null,
          // Empty means "leave the password as it is".
          password: v.password || undefined,
          fecha_ingreso: v.fecha_ingreso || null,
          fecha_salida: v.fecha_salida || null,
        },
        signature,
      ),
    onClose,
  });

  // The profile's system flag and the user's sites come with the form.
  useEffect(() => {
    const item = (reply?.item ?? {}) as Record<string, unknown>;
    setSystemUser(systemFlag(item.ro_system_user));
    setObras(Array.isArray(item.user_obras) ? (item.user_obras as UserObra[]) : []);
    setSignaturePath(typeof item.pic === 'string' ? item.pic : null);
    setSignature(null);
    setSignatureError('');
  }, [reply, id]);

  /** A picked picture is fitted to the signature's size at once; the save sends the result. */
  async function pickSignature(file: File | null) {
    setSignatureError('');
    try {
      setSignature(file ? await resizeSignature(file) : null);
    } catch (e) {
      setSignature(null);
      setSignatureError((e as Error).message);
    }
  }

  const v = form.values;
  const noPassword = systemUser === false;

  return (
    <FormDialog {...dialogProps} dirty={dialogProps.dirty || signature !== null} title={id ? 'Editar usuario' : 'Nuevo usuario'} size="lg">
      <SelectLocal<number>
        label="Perfil"
        endpoint="/usuarios/roles"
        value={v.id_role}
        onChange={(value, option) => {
          form.set('id_role', value);
          // 'Todas las obras' is not offered for the admin (or root) profile: no hidden value is saved.
          if (!offersSites(value)) form.set('all_works', 0);
          const known = systemFlag(option?.raw?.system_user ?? option?.raw?.ro_system_user);
          setSystemUser(known);
          if (known === false) form.set('password', '');
        }}
        error={form.fieldError('id_role')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Nombre" name="name" required autoFocus maxLength={100} {...form.bind('name')} />
        <TextField label="Apellidos" name="surname" required maxLength={100} {...form.bind('surname')} />
        <TextField label="Documento" name="document" required maxLength={20} {...form.bind('document')} />
        <TextField label="Teléfono" name="phone" type="tel" inputMode="tel" maxLength={30} {...form.bind('phone')} />
        <TextField
          label="Correo electrónico"
          name="email"
          type="email"
          dir="ltr"
          autoComplete="off"
          required={systemUser === true}
          maxLength={200}
          {...form.bind('email')}
          hint={systemUser === true ? 'Obligatorio para usuarios del sistema.' : undefined}
        />
        <TextField
          label="Contraseña"
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={200}
          disabled={noPassword}
          {...form.bind('password')}
          hint={noPassword ? 'Los trabajadores sin acceso al sistema no tienen contraseña.' : id ? 'Opcional. Déjala vacía para mantener la actual.' : 'Opcional.'}
        />
        <TextField label="Tipo de trabajo" name="tipo_trabajo" maxLength={100} {...form.bind('tipo_trabajo')} />
        <div className="hidden sm:block" aria-hidden="true" />
        <DateField
          label="Fecha de ingreso"
          name="fecha_ingreso"
          {...form.bind('fecha_ingreso')}
        />
        <DateField
          label="Fecha de salida"
          name="fecha_salida"
          {...form.bind('fecha_salida')}
        />
      </div>
      <div>
        <p className="text-sm font-medium text-slate-700">Firma</p>
        <p className="text-xs text-slate-500">Se imprime en el PDF de las órdenes de trabajo que firma.</p>
        <div className="mt-2 flex flex-wrap items-start gap-4">
          <div className="flex h-[120px] w-[200px] items-center justify-center overflow-hidden rounded border border-dashed border-slate-300 bg-slate-50">
            {signatureUrl ? <img src={signatureUrl} alt="Firma" className="h-full w-full object-contain" /> : <span className="text-xs text-slate-500">Sin firma</span>}
          </div>
          <div className="min-w-60 flex-1">
            <FilePicker
              accept="image/jpeg,image/png"
              maxKb={SIGNATURE_MAX_KB}
              value={signature}
              onFile={(file) => void pickSignature(file)}
              disabled={!canEdit}
              label="Imagen de la firma (se ajusta a 200 × 120, JPG)"
              error={signatureError || form.fieldError('pic_firma')}
            />
          </div>
        </div>
      </div>
      {offersSites(v.id_role) ? (
        <SwitchField label="Todas las obras" hint="Tiene acceso a todas las obras." value={v.all_works} onChange={(value) => form.set('all_works', value)} />
      ) : null}
      <SwitchField
        label="Puede crear solicitudes"
        hint="Genera solicitudes de compra y de servicio desde las órdenes de trabajo."
        value={v.can_create_request}
        onChange={(value) => form.set('can_create_request', value)}
      />
      <SwitchField
        label="Puede aprobar solicitudes"
        hint="Aprueba las solicitudes de compra."
        value={v.can_approve_requests}
        onChange={(value) => form.set('can_approve_requests', value)}
      />
      <UserObras userId={id ?? 0} idRole={v.id_role} allWorks={v.all_works === 1} obras={obras} onObras={setObras} canEdit={canEdit} />
    </FormDialog>
  );
}

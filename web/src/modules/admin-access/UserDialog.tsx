import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { useAuthedBlobUrl } from '../../api/useAuthedBlobUrl';
import { fieldErrors } from '../../api/envelope';
import { FormDialog } from '../../ui/dialogs/FormDialog';
import { FilePicker } from '../../ui/file-picker/FilePicker';
import { TextField } from '../../ui/dialogs/TextField';
import { useFormState } from '../../ui/dialogs/useFormState';
import { SelectLocal } from '../../ui/select/SelectLocal';
import { useToast } from '../../ui/toast/useToast';
import { resizeSignature } from '../profile/resizeSignature';
import { SwitchField } from './SwitchField';
import { UserObras, type UserObra } from './UserObras';
import { MSG_SAVED } from '@shared/messages';

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
 * - 'Puede crear solicitudes' and 'Puede aprobar solicitudes' are the request flags (0/1);
 * - a signature picked in 'Firma' is fitted to 200 × 120 JPG (as the profile screen does) and goes
 *   with 'Guardar' as multipart; without a new file the stored one stays. */
export function UserDialog({ id, canEdit, onClose }: Props) {
  const form = useFormState<UserForm>(EMPTY);
  const [loading, setLoading] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState('');
  const [systemUser, setSystemUser] = useState<boolean | null>(null);
  const [obras, setObras] = useState<UserObra[]>([]);
  const [signature, setSignature] = useState<File | null>(null);
  const [signaturePath, setSignaturePath] = useState<string | null>(null);
  const signatureUrl = useAuthedBlobUrl(signaturePath);
  const { show } = useToast();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (id === null) return;
    setMessage('');
    setSystemUser(null);
    setObras([]);
    setSignature(null);
    setSignaturePath(null);
    form.reset(EMPTY);
    setLoading(true);
    void api.post('/users/form', { id }).then((r) => {
      setLoading(false);
      if (!r.envelope.ok) {
        setMessage(r.envelope.msg);
        return;
      }
      const item = (r.envelope.item ?? {}) as Record<string, unknown>;
      setSystemUser(systemFlag(item.ro_system_user));
      setObras(Array.isArray(item.user_obras) ? (item.user_obras as UserObra[]) : []);
      setSignaturePath(typeof item.pic === 'string' ? item.pic : null);
      form.reset({
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
      });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  async function submit() {
    const v = form.values;
    setSubmitting(true);
    let file: File | null = null;
    try {
      file = signature ? await resizeSignature(signature) : null;
    } catch (e) {
      setSubmitting(false);
      form.setErrors({ pic_firma: (e as Error).message });
      return;
    }
    const payload = savePayload({
      id,
      id_role: v.id_role,
      name: v.name,
      surname: v.surname,
      document: v.document,
      phone: v.phone,
      email: v.email.trim() || null,
      // Empty means "leave the password as it is".
      password: v.password || undefined,
      tipo_trabajo: v.tipo_trabajo,
      fecha_ingreso: v.fecha_ingreso || null,
      fecha_salida: v.fecha_salida || null,
      all_works: v.all_works,
      can_create_request: v.can_create_request,
      can_approve_requests: v.can_approve_requests,
    }, file);
    const r = await api.post('/users/create', payload);
    setSubmitting(false);
    if (!r.envelope.ok) {
      setMessage(r.envelope.msg);
      form.setErrors(fieldErrors(r.envelope.errors));
      return;
    }
    setMessage('');
    form.reset({ ...v, password: '' });
    setSignature(null);
    show(r.envelope.msg || MSG_SAVED, 'success');
    await queryClient.invalidateQueries({ queryKey: ['list', '/users'] });
    onClose();
  }

  const v = form.values;
  const noPassword = systemUser === false;

  return (
    <FormDialog
      open={id !== null}
      title={id ? 'Editar usuario' : 'Nuevo usuario'}
      onClose={onClose}
      loading={loading}
      dirty={form.dirty || signature !== null}
      submitting={submitting}
      message={message}
      onSubmit={submit}
      size="lg"
    >
      <SelectLocal<number>
        label="Perfil"
        endpoint="/usuarios/roles"
        value={v.id_role}
        onChange={(value, option) => {
          form.set('id_role', value);
          const known = systemFlag(option?.raw?.system_user ?? option?.raw?.ro_system_user);
          setSystemUser(known);
          if (known === false) form.set('password', '');
        }}
        error={form.fieldError('id_role')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Nombre" name="name" required autoFocus maxLength={100} value={v.name} onChange={(value) => form.set('name', value)} error={form.fieldError('name')} />
        <TextField label="Apellidos" name="surname" required maxLength={100} value={v.surname} onChange={(value) => form.set('surname', value)} error={form.fieldError('surname')} />
        <TextField label="Documento" name="document" required maxLength={20} value={v.document} onChange={(value) => form.set('document', value)} error={form.fieldError('document')} />
        <TextField label="Teléfono" name="phone" type="tel" inputMode="tel" maxLength={30} value={v.phone} onChange={(value) => form.set('phone', value)} error={form.fieldError('phone')} />
        <TextField
          label="Correo electrónico"
          name="email"
          type="email"
          dir="ltr"
          autoComplete="off"
          required={systemUser === true}
          maxLength={200}
          value={v.email}
          onChange={(value) => form.set('email', value)}
          error={form.fieldError('email')}
          hint={systemUser === true ? 'Obligatorio para usuarios del sistema.' : undefined}
        />
        <TextField
          label="Contraseña"
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={200}
          disabled={noPassword}
          value={v.password}
          onChange={(value) => form.set('password', value)}
          error={form.fieldError('password')}
          hint={noPassword ? 'Los trabajadores sin acceso al sistema no tienen contraseña.' : id ? 'Opcional. Déjala vacía para mantener la actual.' : 'Opcional.'}
        />
        <TextField label="Tipo de trabajo" name="tipo_trabajo" maxLength={100} value={v.tipo_trabajo} onChange={(value) => form.set('tipo_trabajo', value)} error={form.fieldError('tipo_trabajo')} />
        <div className="hidden sm:block" aria-hidden="true" />
        <TextField
          label="Fecha de ingreso"
          name="fecha_ingreso"
          type="date"
          max={v.fecha_salida || undefined}
          value={v.fecha_ingreso}
          onChange={(value) => form.set('fecha_ingreso', value)}
          error={form.fieldError('fecha_ingreso')}
        />
        <TextField
          label="Fecha de salida"
          name="fecha_salida"
          type="date"
          min={v.fecha_ingreso || undefined}
          value={v.fecha_salida}
          onChange={(value) => form.set('fecha_salida', value)}
          error={form.fieldError('fecha_salida')}
        />
      </div>
      <div>
        <p className="text-sm font-medium text-slate-700">Firma</p>
        <p className="text-xs text-slate-500">Se imprime en el PDF de las órdenes de trabajo que firma.</p>
        <div className="mt-2 flex flex-wrap items-start gap-4">
          <div className="flex h-[120px] w-[200px] items-center justify-center overflow-hidden rounded border border-dashed border-slate-300 bg-slate-50">
            {signatureUrl ? <img src={signatureUrl} alt="Firma" className="h-full w-full object-contain" /> : <span className="text-xs text-slate-400">Sin firma</span>}
          </div>
          <div className="min-w-60 flex-1">
            <FilePicker
              accept="image/jpeg,image/png"
              maxKb={SIGNATURE_MAX_KB}
              value={signature}
              onFile={setSignature}
              disabled={!canEdit}
              label="Imagen de la firma (se ajusta a 200 × 120, JPG)"
              error={form.fieldError('pic_firma')}
            />
          </div>
        </div>
      </div>
      <SwitchField label="Todas las obras" hint="Tiene acceso a todas las obras." value={v.all_works} onChange={(value) => form.set('all_works', value)} />
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

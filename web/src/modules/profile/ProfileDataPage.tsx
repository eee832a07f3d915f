import { useState } from 'react';
import { useWrite } from '../../ui/resource/useWrite';
import { useAuthedBlobUrl } from '../../api/useAuthedBlobUrl';
import { fieldErrors } from '../../api/envelope';
import { accounts } from '../../session/accounts';
import { useMe } from '../../session/useMe';
import { FilePicker } from '../../ui/file-picker/FilePicker';
import { useToast } from '../../ui/toast/useToast';
import { ProfileTabs } from './ProfileTabs';
import { resizeSignature } from './resizeSignature';

const SIGNATURE_MAX_KB = 512;

/** /perfil/datos: name and surname read-only; the signature image (seed 000 §2). */
export function ProfileDataPage() {
  const { write } = useWrite([['me']]);
  const me = useMe();
  const { show } = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const account = accounts.current();
  const signature = useAuthedBlobUrl(me.data?.data.pic);

  async function upload() {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      const form = new FormData();
      form.append('pic_firma', await resizeSignature(file));
      const r = await write({ path: '/me/actualizarPerfil', body: form });
      if (r.envelope.ok) {
        show(r.envelope.msg || 'Actualizado correctamente', 'success');
        setFile(null);
      } else setError(fieldErrors(r.envelope.errors).pic_firma ?? r.envelope.msg);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const readOnly = 'mt-1 block w-full rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700';
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-xl font-semibold text-slate-900">Perfil</h1>
      <ProfileTabs />
      <div className="space-y-5 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="block text-sm font-medium text-slate-700">
            Nombre
            <input readOnly value={account?.name ?? ''} className={readOnly} />
          </label>
          <label className="block text-sm font-medium text-slate-700">
            Apellidos
            <input readOnly value={account?.surname ?? ''} className={readOnly} />
          </label>
        </div>
        <div>
          <p className="text-sm font-medium text-slate-700">Firma</p>
          <div className="mt-2 flex flex-wrap items-start gap-4">
            <div className="flex h-[120px] w-[200px] items-center justify-center overflow-hidden rounded border border-dashed border-slate-300 bg-slate-50">
              {signature ? <img src={signature} alt="Firma" className="h-full w-full object-contain" /> : <span className="text-xs text-slate-500">Sin firma</span>}
            </div>
            <div className="min-w-60 flex-1 space-y-3">
              <FilePicker accept="image/jpeg,image/png" maxKb={SIGNATURE_MAX_KB} onFile={setFile} value={file} label="Imagen de la firma (se ajusta a 200 × 120, JPG)" />
              {error ? <p role="alert" className="text-xs text-red-600">{error}</p> : null}
              <button type="button" onClick={upload} disabled={!file || busy} className="rounded-md bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800 disabled:bg-slate-300">
                {busy ? 'Guardando…' : 'Guardar firma'}
              </button>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

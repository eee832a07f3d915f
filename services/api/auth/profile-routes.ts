import { updateRecord } from '../../../events/record/commands';
import { refuseSignature, signatureMissing } from '../../../events/record/user';
import { ApiError } from '../platform/api-error';
import { defineRoute, type AnyRoute } from '../platform/route';
import { checkUpload } from '../platform/upload/checkUpload';
import { jpegSize } from '../platform/upload/jpegSize';
import { storeUpload } from '../platform/upload/storeUpload';
import type { CheckedUpload, UploadPolicy } from '../platform/upload/types';
import { signatureReply } from '@shared/contracts/auth';

/** Seed 000 §5: the signature image is a jpg (its size: the user's rule, refuseSignature). */
export const SIGNATURE_POLICY: UploadPolicy = { field: 'pic_firma', maxKb: 512, accept: ['jpg'] };

/** A signature upload checked: the upload policy (413, 415, 422 of checkUpload), then the user's
 * rule on its size. */
export async function checkedSignature(file: File): Promise<CheckedUpload> {
  const checked = await checkUpload(file, SIGNATURE_POLICY);
  if (!checked.ok) throw new ApiError(checked.status, checked.msg, checked.errors);
  refuseSignature(jpegSize(checked.file.bytes));
  return checked.file;
}

/** The signed-in user's own profile data (seed 000 §2, /perfil/datos). */
export function profileRoutes(): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/me/actualizarPerfil',
      access: { kind: 'signed_in' },
      summary: 'Subir la firma del usuario (pic_firma: jpg 200 × 120, multipart)',
      bodyLimit: (SIGNATURE_POLICY.maxKb + 64) * 1024,
      files: [SIGNATURE_POLICY.field],
      output: signatureReply,
      async handler({ files, deps, principal, metadata }) {
        const file = files[SIGNATURE_POLICY.field];
        if (!file) throw signatureMissing();
        const name = await storeUpload(deps.config.uploadsDir, await checkedSignature(file));
        await updateRecord(deps.store, 'user', principal.userId, { pic_firma: name }, { metadata });
        return { msg: 'Actualizado correctamente', pic: `/uploads/${name}` };
      },
    }),
  ];
}

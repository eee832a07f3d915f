import { updateRecord } from '../../../events/record/commands';
import { ApiError } from '../platform/api-error';
import { defineRoute, type AnyRoute } from '../platform/route';
import { checkUpload } from '../platform/upload/checkUpload';
import { jpegSize } from '../platform/upload/jpegSize';
import { storeUpload } from '../platform/upload/storeUpload';
import type { UploadPolicy } from '../platform/upload/types';
import { signatureReply } from '@shared/contracts/auth';

/** Seed 000 §5: the signature image is a jpg of 200 by 120. */
export const SIGNATURE_POLICY: UploadPolicy = { field: 'pic_firma', maxKb: 512, accept: ['jpg'] };
export const SIGNATURE_SIZE = { width: 200, height: 120 };
export const SIGNATURE_SIZE_MSG = 'La firma debe ser una imagen JPG de 200 × 120 píxeles';

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
        if (!file) throw new ApiError(422, 'Seleccione una imagen', { pic_firma: 'Seleccione una imagen' });
        const checked = await checkUpload(file, SIGNATURE_POLICY);
        if (!checked.ok) throw new ApiError(checked.status, checked.msg, checked.errors);
        const size = jpegSize(checked.file.bytes);
        if (!size || size.width !== SIGNATURE_SIZE.width || size.height !== SIGNATURE_SIZE.height) {
          throw new ApiError(422, SIGNATURE_SIZE_MSG, { pic_firma: SIGNATURE_SIZE_MSG });
        }
        const name = await storeUpload(deps.config.uploadsDir, checked.file);
        await updateRecord(deps.store, 'user', principal.userId, { pic_firma: name }, { metadata });
        return { msg: 'Actualizado correctamente', pic: `/uploads/${name}` };
      },
    }),
  ];
}

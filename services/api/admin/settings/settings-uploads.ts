import type { UploadPolicy } from '../../platform/upload/types';

/** The settings' pictures, checked by their bytes (platform upload): the logo a png, jpg or webp
 * of at most 512 KB; the favicon a png of at most 128 KB. */
export const settingsUploads: UploadPolicy[] = [
  { field: 'pic_logo', maxKb: 512, accept: ['png', 'jpg', 'webp'] },
  { field: 'pic_favicon', maxKb: 128, accept: ['png'] },
];

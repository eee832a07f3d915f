/** Seed 000 §5: the signature image is a jpg of 200 by 120. Any picture the user picks is drawn
 * centered on a white 200×120 canvas (keeping its proportions) and encoded as JPEG. */
export async function resizeSignature(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = 200;
  canvas.height = 120;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 200, 120);
  const scale = Math.min(200 / bitmap.width, 120 / bitmap.height);
  const w = bitmap.width * scale;
  const h = bitmap.height * scale;
  ctx.drawImage(bitmap, (200 - w) / 2, (120 - h) / 2, w, h);
  const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('No se pudo procesar la imagen'))), 'image/jpeg', 0.9));
  return new File([blob], 'firma.jpg', { type: 'image/jpeg' });
}

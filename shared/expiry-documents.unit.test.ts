import { describe, expect, it } from 'vitest';
import { formatDate } from '@shared/time';
import { expiryNotice, noticeFor } from '@shared/expiry-documents';

describe('expiry notices', () => {
  it('the bucket of the days left: 8-30 → 30, 2-7 → 7, 0-1 → 1; none beyond 30 or once expired', () => {
    expect([31, 30, 8, 7, 2, 1, 0, -1].map(noticeFor)).toEqual([null, 30, 30, 7, 7, 1, 1, null]);
  });

  it('says which document of which machine expires when', () => {
    const base = { documento: 'soat' as const, codigo: 'CM-001', obra: 'Obra Norte', vence: '2026-04-01' };
    expect(expiryNotice({ ...base, dias: 30 }, formatDate)).toBe('SOAT de CM-001 (Obra Norte) vence en 30 días, el 01/04/2026');
    expect(expiryNotice({ ...base, documento: 'rv', dias: 1 }, formatDate)).toBe('Revisión técnica de CM-001 (Obra Norte) vence mañana, el 01/04/2026');
    expect(expiryNotice({ ...base, documento: 'seguro', dias: 0 }, formatDate)).toBe('Seguro de CM-001 (Obra Norte) vence hoy, el 01/04/2026');
  });
});

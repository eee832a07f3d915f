import { describe, expect, it } from 'vitest';
import { acceptsFile } from './acceptsFile';

describe('acceptsFile', () => {
  it('accepts everything without a list', () => {
    expect(acceptsFile({ name: 'a.exe', type: 'application/x-msdownload' }, undefined)).toBe(true);
    expect(acceptsFile({ name: 'a.exe', type: '' }, ' ')).toBe(true);
  });
  it('matches extensions, MIME families and exact MIME types', () => {
    expect(acceptsFile({ name: 'Plano.PDF', type: 'application/pdf' }, '.pdf')).toBe(true);
    expect(acceptsFile({ name: 'foto.jpg', type: 'image/jpeg' }, 'image/*')).toBe(true);
    expect(acceptsFile({ name: 'foto.jpg', type: 'image/jpeg' }, 'image/png, image/jpeg')).toBe(true);
    expect(acceptsFile({ name: 'nota.txt', type: 'text/plain' }, 'image/png,.pdf')).toBe(false);
  });
  it('lets an unknown browser type through MIME tokens but not extension tokens', () => {
    expect(acceptsFile({ name: 'firma', type: '' }, 'image/png')).toBe(true);
    expect(acceptsFile({ name: 'firma', type: '' }, '.png')).toBe(false);
  });
});

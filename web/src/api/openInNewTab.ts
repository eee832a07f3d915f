import { accounts } from '../session/accounts';
import { DEFAULT_ERROR } from './envelope';
import { url } from './client';

export type FormFields = Record<string, string | number | boolean>;

/** Opens a file the API makes in a new tab by the seed's form POST (seed 000 §7: "a form POST in a
 * new tab for exports carries the filters, the export kind and the session token"): a hidden form,
 * `target="_blank"`, with `fields` and the session's `token`, submitted once and removed. The
 * route must take the token from the form (`formToken` routes: `POST {list}/export` and the record
 * PDFs' POST twins, `platform/show-in-tab.ts`). Returns null
 * once the form is sent, else the message to show (no session). */
export function openInNewTab(path: string, fields: FormFields): string | null {
  const token = accounts.token();
  if (!token) return DEFAULT_ERROR;
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url(path);
  form.target = '_blank';
  form.rel = 'noopener';
  form.hidden = true;
  for (const [name, value] of Object.entries({ ...fields, token })) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(value);
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
  return null;
}

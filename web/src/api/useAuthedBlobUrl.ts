import { useEffect, useState } from 'react';
import { accounts } from '../session/accounts';
import { API_BASE } from './client';

/** Uploads are served to signed-in users only (bearer token), which an <img src> cannot send:
 * fetch the file with the token and show it through an object URL. */
export function useAuthedBlobUrl(path: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!path) {
      setUrl(null);
      return;
    }
    let revoked = false;
    let objectUrl: string | null = null;
    const token = accounts.token();
    fetch(`${API_BASE}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
      .then((r) => (r.ok ? r.blob() : null))
      .then((blob) => {
        if (!blob || revoked) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => setUrl(null));
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return url;
}

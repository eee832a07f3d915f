import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { onSessionExpired } from '../api/client';
import { useErrorDialog } from '../ui/dialogs/useErrorDialog';
import { accounts } from './accounts';

/** Seed 000 §8: a reply with msg 'session_expired' shows 'La sesión ha expirado'; on acceptance
 * the account leaves the stored list and the user goes to /login. */
export function SessionExpiredWatcher() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showError } = useErrorDialog();
  const open = useRef(false);
  useEffect(
    () =>
      onSessionExpired(() => void (async () => {
        if (open.current) return;
        open.current = true;
        const expired = accounts.current();
        await showError({ title: 'La sesión ha expirado', message: 'Vuelva a iniciar sesión para continuar.' });
        if (expired) accounts.remove(expired.id);
        queryClient.clear();
        open.current = false;
        await navigate({ to: '/login', search: { redirect: window.location.pathname + window.location.search } });
      })()),
    [navigate, queryClient, showError],
  );
  return null;
}

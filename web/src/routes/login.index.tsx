import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { LoginPage } from '../auth/LoginPage';
import { accounts } from '../session/accounts';

export const Route = createFileRoute('/login/')({
  validateSearch: (s) => v.parse(v.object({ redirect: v.optional(v.string()) }), s),
  beforeLoad: ({ search }) => {
    if (accounts.token()) throw redirect({ to: search.redirect && search.redirect.startsWith('/') ? search.redirect : '/' });
  },
  component: function Login() {
    const { redirect: wanted } = Route.useSearch();
    return <LoginPage addAccount={false} redirect={wanted} />;
  },
});

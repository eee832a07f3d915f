import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../auth/LoginPage';

/** /login/:action — `add_account` signs in one more stored account (seed 000 §2). */
export const Route = createFileRoute('/login/$action')({
  beforeLoad: ({ params }) => {
    if (params.action !== 'add_account') throw redirect({ to: '/login' });
  },
  component: () => <LoginPage addAccount />,
});

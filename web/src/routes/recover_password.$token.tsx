import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../auth/ResetPasswordPage';

export const Route = createFileRoute('/recover_password/$token')({
  component: function Reset() {
    const { token } = Route.useParams();
    return <ResetPasswordPage token={token} />;
  },
});

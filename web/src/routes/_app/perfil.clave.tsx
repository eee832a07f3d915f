import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordPage } from '../../modules/profile/ChangePasswordPage';

export const Route = createFileRoute('/_app/perfil/clave')({ component: ChangePasswordPage });

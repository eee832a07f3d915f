import { createFileRoute } from '@tanstack/react-router';
import { ProfileDataPage } from '../../modules/profile/ProfileDataPage';

export const Route = createFileRoute('/_app/perfil/datos')({ component: ProfileDataPage });

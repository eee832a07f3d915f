import { createFileRoute } from '@tanstack/react-router';
import { RecoverPage } from '../auth/RecoverPage';

/** /:dir/recover: the same request form under a company directory prefix (seed 000 §2). */
export const Route = createFileRoute('/$dir/recover')({ component: RecoverPage });

import { Link } from '@tanstack/react-router';
import { useAuthedBlobUrl } from '../api/useAuthedBlobUrl';
import { uploadPath } from '../modules/admin-content/settingsForm';
import { useCompanyBrand, useDocumentFavicon } from './useCompanyBrand';

type BrandProps = {
  /** Mark only (folded navbar). */
  compact?: boolean;
  /** Text colour class of the name, to suit the bar it sits on. */
  textClass?: string;
  focusClass?: string;
};

/** The Faena 'F' mark, shown until the company's logo is known (or when it has none). */
function FaenaMark() {
  return (
    <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" className="fill-teal-500" />
      <path d="M10 8h13v3.6h-8.8v3.5h7.4v3.5h-7.4V24H10z" className="fill-white" />
      <path d="M19.5 20.5h3.5V24h-3.5z" className="fill-amber-300" />
    </svg>
  );
}

/** The company's mark and name (settings: logo, brand; 'F' and 'Faena' until set); links to the
 * start page. Also puts the company's favicon on the browser tab while the frame is shown. */
export function Brand({ compact = false, textClass = 'text-white', focusClass = '' }: BrandProps) {
  const company = useCompanyBrand().data;
  const logo = useAuthedBlobUrl(uploadPath(company?.pic_logo));
  const favicon = useAuthedBlobUrl(uploadPath(company?.pic_favicon));
  useDocumentFavicon(favicon);
  const name = company?.brand || 'Faena';
  return (
    <Link to="/" aria-label={`${name}, ir al inicio`} className={`flex min-w-0 items-center gap-2.5 rounded-lg ${focusClass}`}>
      {logo ? <img src={logo} alt="" className={`h-8 shrink-0 object-contain ${compact ? 'w-8' : 'w-auto max-w-32'}`} /> : <FaenaMark />}
      {compact ? null : <span className={`truncate text-lg font-bold tracking-tight ${textClass}`}>{name}</span>}
    </Link>
  );
}

import { palette } from './palette';
import type { ShellTheme } from './useShellSettings';

type FooterProps = { theme: ShellTheme; containerClass?: string };

/** The frame's footer. */
export function Footer({ theme, containerClass = 'px-4 sm:px-6' }: FooterProps) {
  const pal = palette(theme);
  return (
    <footer className={`border-t ${pal.surface} ${pal.border}`}>
      <div className={`flex h-12 items-center justify-between gap-4 text-xs ${containerClass}`}>
        <p>© 2026 Faena</p>
        <p className={`hidden sm:block ${pal.muted}`}>Mantenimiento y logística de equipos para obras</p>
      </div>
    </footer>
  );
}

import type { ShellTheme } from './useShellSettings';

/** Class sets of one theme for a frame part. Every string is a literal so Tailwind finds it.
 * Text pairs keep WCAG AA contrast (4.5:1; the accessibility gate checks every screen): on white
 * no lighter than slate-500, on slate-900 no darker than slate-400, white on teal-700 or darker. */
export type Palette = {
  /** Background and text of a bar or panel. */
  surface: string;
  /** Background and text of the page area (main theme). */
  canvas: string;
  border: string;
  muted: string;
  /** Small uppercase group headings. */
  heading: string;
  /** Hover state of an inactive entry. */
  hover: string;
  /** The active (current page) entry: teal accent. */
  active: string;
  /** Keyboard focus ring, visible on this surface. */
  focus: string;
  /** Scrollbar tint class for shell.css. */
  scroll: string;
  /** A text field on this surface. */
  field: string;
  /** A round toolbar button: muted icon that darkens on hover. */
  iconButton: string;
};

/** The white panel that drops from a bar's button (user, language, shortcuts, a top-menu group);
 * it slides in. Each adds its width and padding. */
export const DROPDOWN_PANEL = 'z-50 rounded-xl border border-slate-200 bg-white text-slate-700 shadow-xl transition duration-150 ease-out data-closed:-translate-y-1 data-closed:opacity-0';

const PALETTES: Record<ShellTheme, Palette> = {
  light: {
    surface: 'bg-white text-slate-700',
    canvas: 'bg-slate-50 text-slate-900',
    border: 'border-slate-200',
    muted: 'text-slate-600',
    heading: 'text-slate-500',
    hover: 'hover:bg-slate-100 hover:text-slate-900',
    active: 'bg-teal-50 text-teal-800 font-semibold',
    focus: 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600',
    scroll: 'faena-scroll-light',
    field: 'bg-slate-100 text-slate-900 placeholder:text-slate-500 focus:bg-white focus:ring-2 focus:ring-teal-600/40',
    iconButton: 'text-slate-500 hover:bg-slate-100 hover:text-slate-900 data-open:bg-slate-100 data-open:text-slate-900',
  },
  dark: {
    surface: 'bg-slate-900 text-slate-300',
    canvas: 'bg-slate-950 text-slate-100',
    border: 'border-slate-800',
    muted: 'text-slate-400',
    heading: 'text-slate-400',
    hover: 'hover:bg-slate-800 hover:text-white',
    active: 'bg-teal-700 text-white font-semibold shadow-sm',
    focus: 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-400',
    scroll: 'faena-scroll-dark',
    field: 'bg-white/10 text-white placeholder:text-slate-400 focus:bg-white/15 focus:ring-2 focus:ring-teal-400/50',
    iconButton: 'text-slate-300 hover:bg-slate-800 hover:text-white data-open:bg-slate-800 data-open:text-white',
  },
  teal: {
    surface: 'bg-teal-900 text-teal-50',
    canvas: 'bg-teal-50 text-slate-900',
    border: 'border-teal-800',
    muted: 'text-teal-200',
    heading: 'text-teal-300',
    hover: 'hover:bg-teal-800 hover:text-white',
    active: 'bg-white text-teal-900 font-semibold shadow-sm',
    focus: 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-300',
    scroll: 'faena-scroll-dark',
    field: 'bg-white/10 text-white placeholder:text-teal-200/70 focus:bg-white/15 focus:ring-2 focus:ring-amber-300/60',
    iconButton: 'text-teal-100 hover:bg-teal-800 hover:text-white data-open:bg-teal-800 data-open:text-white',
  },
};

/** The classes of a theme (light, dark or teal). */
export function palette(theme: ShellTheme): Palette {
  return PALETTES[theme];
}

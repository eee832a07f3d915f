type UserAvatarProps = { name: string; className?: string };

/** Initials of a name ('Ana Quispe Rojas' → 'AQ') on a teal disc. */
export function UserAvatar({ name, className = 'size-9 text-sm' }: UserAvatarProps) {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase() ?? '')
      .join('') || '?';
  return (
    <span aria-hidden className={`inline-flex shrink-0 items-center justify-center rounded-full bg-teal-700 font-semibold text-white ring-2 ring-white/70 ${className}`}>
      {initials}
    </span>
  );
}

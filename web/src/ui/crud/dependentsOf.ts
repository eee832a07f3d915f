/** The names that depend on `changed`, directly or through others (group → subgroup → product),
 * in order: the ones to clear when `changed` gets a new value. A dependency loop in a config
 * stops instead of hanging. */
export function dependentsOf(items: readonly { name: string; dependsOn?: string }[], changed: string): string[] {
  const out: string[] = [];
  const queue = [changed];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const item of items) {
      if (item.dependsOn === parent && item.name !== changed && !out.includes(item.name)) {
        out.push(item.name);
        queue.push(item.name);
      }
    }
  }
  return out;
}

import { useEffect, useState, type RefObject } from 'react';

/** The visible width of the nearest horizontally scrolling ancestor of `ref` (the list's scroll
 * box), kept up to date on resize; null until measured. A detail row spans every column of a wide
 * table: sized to this width and sticky at the start, it stays in view when the table scrolls. */
export function useScrollerWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    let scroller = ref.current?.parentElement ?? null;
    while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
    if (!scroller) return;
    const box = scroller;
    const measure = () => setWidth(box.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

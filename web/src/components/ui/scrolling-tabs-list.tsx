import { Tabs, useTabsContext } from '@chakra-ui/react/tabs';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type Ref } from 'react';

/** How far a row's edge fades out when more tabs hide beyond it. */
const FADE = '2.5rem';

const fadeMask = (start: boolean, end: boolean) => {
  if (!start && !end) return undefined;
  const from = start ? `transparent 0, black ${FADE}` : 'black 0';
  const to = end ? `black calc(100% - ${FADE}), transparent 100%` : 'black 100%';
  return `linear-gradient(to right, ${from}, ${to})`;
};

/**
 * A tab row that may be wider than the screen: it scrolls sideways, its edges fade where more
 * tabs hide, and the chosen tab is scrolled into sight (a tab chosen by the address or by a
 * form's validation too, not only by a tap). Only the row scrolls, never the page, so choosing a
 * tab does not move the page under the reader.
 */
export const ScrollingTabsList = ({ ref, ...props }: Tabs.ListProps & { ref?: Ref<HTMLDivElement> }) => {
  const listRef = useRef<HTMLDivElement | null>(null);
  const { value } = useTabsContext();
  const [hidden, setHidden] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    // A pixel of slack: zoomed pages report fractional widths.
    const start = list.scrollLeft > 1;
    const end = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setHidden((old) => (old.start === start && old.end === end ? old : { start, end }));
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [measure]);

  useLayoutEffect(() => {
    const list = listRef.current;
    const trigger = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!list || !trigger) return;
    const bounds = list.getBoundingClientRect();
    const place = trigger.getBoundingClientRect();
    // Past the fade, so the chosen tab reads in full.
    const margin = 40;
    if (place.left < bounds.left + margin) list.scrollLeft -= bounds.left + margin - place.left;
    else if (place.right > bounds.right - margin) list.scrollLeft += place.right - bounds.right + margin;
    measure();
  }, [value, measure]);

  return (
    <Tabs.List
      ref={(node) => {
        listRef.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      overflowX="auto"
      onScroll={measure}
      data-more-start={hidden.start || undefined}
      data-more-end={hidden.end || undefined}
      style={{ maskImage: fadeMask(hidden.start, hidden.end) }}
      {...props}
    />
  );
};

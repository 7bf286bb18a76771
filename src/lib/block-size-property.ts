import { type RefObject, useEffect } from 'react';

/**
 * Keeps the element's height (its border box's block size) in a custom property of the document's root while it is
 * mounted: a stylesheet can then leave room for something pinned or sticky (padding, scroll padding) however tall
 * its content makes it. Removed on unmount.
 */
export function useBlockSizeProperty(ref: RefObject<HTMLElement | null>, property: `--${string}`): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize;
      if (height !== undefined) root.setProperty(property, `${Math.ceil(height)}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(property);
    };
  }, [ref, property]);
}

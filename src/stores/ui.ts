import { create } from 'zustand';
import { breakpoints } from '@/contract/constants';
import { useMediaQuery } from '@/lib/media-query';

export type MenuName = 'target' | 'home' | 'profile' | 'notifications';

type UiState = {
  burgerOpen: boolean;
  openMenu: MenuName | null;
  selectedSubCategory: number;
  readingLoading: boolean;
  burgerToggled: () => void;
  menuToggled: (menu: MenuName) => void;
  menusClosed: () => void;
  subCategorySelected: (index: number) => void;
  readingLoadingChanged: (loading: boolean) => void;
  /** On every route change and language pick: the transient UI goes back to its resting state. */
  routeChanged: () => void;
};

export const useUi = create<UiState>()((set) => ({
  burgerOpen: false,
  openMenu: null,
  selectedSubCategory: 0,
  readingLoading: false,
  burgerToggled: () => set((state) => ({ burgerOpen: !state.burgerOpen, openMenu: null })),
  menuToggled: (menu) => set((state) => ({ openMenu: state.openMenu === menu ? null : menu, burgerOpen: false })),
  menusClosed: () => set({ openMenu: null, burgerOpen: false }),
  subCategorySelected: (selectedSubCategory) => set({ selectedSubCategory }),
  readingLoadingChanged: (readingLoading) => set({ readingLoading }),
  routeChanged: () => set({ openMenu: null, burgerOpen: false, readingLoading: false }),
}));

/** Layout flags of spec §9, from media queries on the layout viewport (the stylesheet's own breakpoints). */
const mobileQuery = `(max-width: ${breakpoints.mobileMaxWidth}px)`;
const shortQuery = `(max-height: ${breakpoints.shortMaxHeight}px)`;
export const useIsMobile = () => useMediaQuery(mobileQuery);
export const useIsShort = () => useMediaQuery(shortQuery);
export function useIsDesktop() {
  const mobile = useIsMobile();
  const short = useIsShort();
  return !mobile && !short;
}

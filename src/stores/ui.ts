import { create } from 'zustand';
import { breakpoints } from '@/contract/constants';

export type MenuName = 'target' | 'home' | 'profile' | 'notifications';

type UiState = {
  windowWidth: number;
  windowHeight: number;
  burgerOpen: boolean;
  openMenu: MenuName | null;
  selectedSubCategory: number;
  readingLoading: boolean;
  windowResized: (width: number, height: number) => void;
  burgerToggled: () => void;
  menuToggled: (menu: MenuName) => void;
  menusClosed: () => void;
  subCategorySelected: (index: number) => void;
  readingLoadingChanged: (loading: boolean) => void;
  /** On every route change and language pick: the transient UI goes back to its resting state. */
  routeChanged: () => void;
};

export const useUi = create<UiState>()((set) => ({
  windowWidth: typeof window === 'undefined' ? 1280 : window.innerWidth,
  windowHeight: typeof window === 'undefined' ? 800 : window.innerHeight,
  burgerOpen: false,
  openMenu: null,
  selectedSubCategory: 0,
  readingLoading: false,
  windowResized: (windowWidth, windowHeight) => set({ windowWidth, windowHeight }),
  burgerToggled: () => set((state) => ({ burgerOpen: !state.burgerOpen, openMenu: null })),
  menuToggled: (menu) => set((state) => ({ openMenu: state.openMenu === menu ? null : menu, burgerOpen: false })),
  menusClosed: () => set({ openMenu: null, burgerOpen: false }),
  subCategorySelected: (selectedSubCategory) => set({ selectedSubCategory }),
  readingLoadingChanged: (readingLoading) => set({ readingLoading }),
  routeChanged: () => set({ openMenu: null, burgerOpen: false, readingLoading: false }),
}));

/** Layout flags of spec §9, derived from the window size rather than stored. */
export const useIsMobile = () => useUi((s) => s.windowWidth <= breakpoints.mobileMaxWidth);
export const useIsShort = () => useUi((s) => s.windowHeight <= breakpoints.shortMaxHeight);
export const useIsDesktop = () =>
  useUi((s) => s.windowWidth > breakpoints.mobileMaxWidth && s.windowHeight > breakpoints.shortMaxHeight);
export const useShowsBalances = () => useUi((s) => s.windowWidth >= breakpoints.balancesMinWidth);

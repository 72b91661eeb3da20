/** Spec §9 constants, shared by the web and the API. */
export const TOKEN_STORAGE_KEY = 'id_token';
export const LANGUAGE_STORAGE_KEY = 'language';
export const LAYOUT_CONFIG_STORAGE_KEY = 'config';
export const LANGUAGES = ['en', 'zh', 'es', 'ja', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200 } as const;
export const RESIZE_THROTTLE_MS = 200;
export const SCROLL_TOP_OFFSET_PX = 300;
export const SCROLL_UP_DURATION_MS = 6000;
export const CARD_ANIMATION_MS = 400;
export const MENU_ACCORDION_SLIDE_MS = 200;
export const STICKY_Z_INDEX = 101;
export const ASIDE_HOVER_ENTER_MS = 50;
export const ASIDE_HOVER_LEAVE_MS = 100;
export const DEFAULT_SLIDE_MS = 600;
export const DEFAULT_SCROLL_MS = 500;
export const LOADER_DIALOG_DEFAULT_WIDTH = 100;

/** Paging limits every list endpoint follows. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Lists count at most this many rows (plus one): past it the answer says `totalExact: false` (decision 029). */
export const LIST_COUNT_CAP = 1_000;

/** Login failure text (spec §8). */
export const LOGIN_FAILED_TEXT = 'Login or password is not valid';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

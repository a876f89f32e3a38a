/**
 * Catalogue search limits shared by the header's live search (client/components/SearchBox.tsx) and the
 * results page (route `search`, server/pages/search.ts). Spec §4/§9: results refresh once the
 * input has been idle 300 ms.
 */
export const SEARCH_DEBOUNCE_MS = 300;
/** Shorter queries (after trimming) are not sent: one letter matches half the catalogue. */
export const SEARCH_MIN_LENGTH = 2;
/** The longest query the results page accepts (the input's maxlength too). */
export const SEARCH_MAX_LENGTH = 100;
/** At most this many results on the results page (the header's list shows the API's ten). */
export const SEARCH_PAGE_LIMIT = 48;

/** One search hit (spec §7 POST /api/site/search `data.results[]`), the /search page's too. */
export interface SearchResult {
  id: number;
  title: string;
  /**
   * Asked in another language than Russian (decision 048): 'ru' when the title and snippet are the Russian fallback,
   * else null. Absent in Russian, the spec's shape (§7).
   */
  lang?: 'ru' | null;
  url: string;
  preview_image: string | null;
  preview_content: string;
}

/**
 * The header's live search (spec §2 "Search field", §4: results refresh once the input has been idle 300 ms).
 *
 * - Without JavaScript it is a plain GET form to the results page (/search?q=…, under the language prefix:
 *   React Router's <Form> puts the basename into its action).
 * - With JavaScript, typing asks POST /api/site/search?token=…&domain=… {search} once the input has been idle
 *   SEARCH_DEBOUNCE_MS. Each request aborts the previous one and carries a sequence number; an answer whose
 *   number is not the latest is dropped, so a slow old answer never replaces a newer one.
 * - WAI-ARIA combobox (APG "list autocomplete") on an `input type="text"` (HTML allows role=combobox there, not
 *   on type=search: Nu HTML checker), with inputmode=search and enterkeyhint=search for the phone keyboard:
 *   focus stays in the input, ArrowDown/ArrowUp move the active
 *   option (aria-activedescendant), Enter chooses it (or submits the form when none is active), Escape closes
 *   the list and a second Escape clears the input. A polite live region says how many results came.
 * - Choosing a result (Enter or click) navigates client-side, clears the input and closes the list.
 */
import { type FocusEvent, type KeyboardEvent, type MouseEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Form, Link, useNavigate } from 'react-router-dom';
import type { SearchResult } from '../../shared/search.ts';
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '../../shared/search.ts';
import { apiPost } from '../api.ts';
import { useTranslation } from '../i18n.tsx';
import { Icon } from './icons.tsx';

interface Answer {
  query: string;
  results: SearchResult[];
}

/** The results for a query, or null when the call failed or was aborted. */
async function fetchResults(
  query: string,
  token: string,
  domain: string,
  language: string,
  signal: AbortSignal,
): Promise<SearchResult[] | null> {
  const answer = await apiPost<{ data?: { results?: unknown } }>(
    '/api/site/search',
    { token, domain, language },
    { search: query },
    signal,
  );
  const results = answer.ok ? answer.body?.data?.results : undefined;
  return Array.isArray(results) ? (results as SearchResult[]) : null;
}

/** `token`: the site token (spec §3 `_token`); `domain`: the site's host (spec §7 `domain`). */
export function SearchBox({ token, domain }: { token: string; domain: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const inputId = `${id}input`;
  const listId = `${id}list`;
  const optionId = (index: number) => `${id}option-${index}`;

  const [value, setValue] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<number | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);
  const sequence = useRef(0);

  /**
   * Drops the pending timer and the request on its way; any answer still coming is stale from now on.
   * Refs only, so one function for the component's life: the unmount cleanup below is the same cancel.
   */
  const cancel = useCallback(() => {
    window.clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
    sequence.current += 1;
  }, []);
  useEffect(() => cancel, [cancel]);

  const request = async (query: string) => {
    const seq = ++sequence.current;
    const controller = new AbortController();
    inFlight.current = controller;
    const results = await fetchResults(query, token, domain, i18n.language, controller.signal);
    if (seq !== sequence.current) return; // a newer query was typed (or the box was reset) meanwhile
    inFlight.current = null;
    setActive(-1);
    if (results === null) {
      setAnswer(null);
      setOpen(false);
      return;
    }
    setAnswer({ query, results });
    setOpen(true);
  };

  const reset = () => {
    cancel();
    setValue('');
    setAnswer(null);
    setOpen(false);
    setActive(-1);
  };

  const choose = (result: SearchResult) => {
    reset();
    navigate(result.url);
  };

  const onChange = (next: string) => {
    setValue(next);
    setActive(-1);
    cancel();
    const query = next.trim();
    if (query.length < SEARCH_MIN_LENGTH) {
      setAnswer(null);
      setOpen(false);
      return;
    }
    // The list shown so far stays until the new answer replaces it.
    timer.current = window.setTimeout(() => void request(query), SEARCH_DEBOUNCE_MS);
  };

  const results = answer?.results ?? [];
  const listShown = open && results.length > 0;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return; // keys that confirm an IME composition are not ours
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (results.length === 0) return;
        event.preventDefault();
        const last = results.length - 1;
        const down = event.key === 'ArrowDown';
        if (!open) {
          setOpen(true);
          setActive(down ? 0 : last);
        } else {
          setActive((i) => (down ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
        }
        return;
      }
      case 'Enter': {
        const chosen = listShown && active >= 0 ? results[active] : undefined;
        if (chosen) {
          event.preventDefault();
          choose(chosen);
        }
        // Otherwise the form submits to the results page.
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value) {
          event.preventDefault();
          reset();
        }
        return;
    }
  };

  // Focus leaving the whole box (not moving into the list) closes the list.
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    setOpen(false);
    setActive(-1);
  };

  const onOptionClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A plain click: the link navigates client-side and the box resets. A modified click opens a new tab.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    reset();
  };

  const announcement = open && answer ? (results.length > 0 ? t('search.found', { count: results.length }) : t('search.nothing')) : '';

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label={t('search.label')}
      className="search-box"
      onSubmit={() => {
        cancel();
        setOpen(false);
        setActive(-1);
      }}
      onBlur={onBlur}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id={inputId}
        className="search-box__input"
        type="text"
        inputMode="search"
        name="q"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => {
          if (answer && value.trim() === answer.query) setOpen(true);
        }}
        placeholder={t('search.placeholder')}
        maxLength={SEARCH_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={listShown}
        aria-controls={listId}
        aria-activedescendant={listShown && active >= 0 ? optionId(active) : undefined}
      />
      {/* Phones show only the magnifier (styles.css): the word stays the button's accessible name. */}
      <button type="submit" className="search-box__submit">
        <Icon name="search" />
        <span className="search-box__submit-text">{t('search.submit')}</span>
      </button>
      {/* mousedown would move focus out of the input and close the list before the click lands. */}
      <ul
        id={listId}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows listbox on <ul> (APG combobox; options are the links)
        role="listbox"
        aria-label={t('search.results')}
        className="search-box__list"
        hidden={!listShown}
        onMouseDown={(e) => e.preventDefault()}
      >
        {listShown &&
          results.map((r, i) => (
            <li key={r.id} role="presentation">
              <Link
                to={r.url}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                tabIndex={-1}
                className="search-box__option"
                onClick={onOptionClick}
              >
                {r.preview_image ? (
                  <img src={r.preview_image} alt="" width={48} height={48} loading="lazy" />
                ) : (
                  <span className="search-box__noimage" />
                )}
                <span className="search-box__title" lang={r.lang ?? undefined}>
                  {r.title}
                </span>
                {r.preview_content && <span className="search-box__snippet">{r.preview_content}</span>}
              </Link>
            </li>
          ))}
      </ul>
      {open && answer && results.length === 0 && <p className="search-box__empty">{t('search.nothing')}</p>}
      <div role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </div>
    </Form>
  );
}

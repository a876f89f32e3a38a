/**
 * A city input with suggestions (spec §4, §5, §7): asks GET /api/site/city once typing has been idle 200 ms;
 * choosing a city fills the field and reports { id, title, url } to the parent. An answer to an older text
 * never replaces a newer one (the older request is aborted and its answer ignored). The parent may mark it
 * required. No `autocomplete` attribute (spec §5): the browser's own suggestions are left as they are.
 * ARIA 1.2 combobox: arrows move through the list, Enter chooses, Escape closes the list (a second Escape
 * is left to the parent), the count of suggestions is announced.
 */
import { type KeyboardEvent, type Ref, useCallback, useEffect, useId, useRef, useState } from 'react';
import { apiGet } from '../api.ts';
import { useTranslation } from '../i18n.tsx';

/** Spec §9: the city debounce. */
export const CITY_DEBOUNCE_MS = 200;

export interface CityChoice {
  id: number;
  title: string;
  /** The address of the city's regional site, or null. */
  url: string | null;
}

interface Props {
  /** The site token (the root loader's `token`). */
  token: string;
  /** The spec's `domain`: the current site's host. */
  domain: string;
  label: string;
  /** Hint inside the empty field, also its title. */
  placeholder?: string;
  required?: boolean;
  name?: string;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The text the field starts with (a filter's current city); key the component by it to reset on a new value. */
  defaultValue?: string;
  onSelect(city: CityChoice): void;
}

export function CityAutocomplete({
  token,
  domain,
  label,
  placeholder,
  required,
  name,
  className,
  inputRef,
  defaultValue,
  onSelect,
}: Props) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(defaultValue ?? '');
  const [results, setResults] = useState<CityChoice[] | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);
  const latest = useRef(0);

  // Refs only, so one function for the component's life: the unmount cleanup below is the same cancel.
  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
    latest.current++;
  }, []);
  useEffect(() => cancel, [cancel]);

  const search = async (value: string, seq: number) => {
    const controller = new AbortController();
    inFlight.current = controller;
    const answer = await apiGet<{ data: { results: CityChoice[] } }>('/api/site/city', { token, domain, search: value }, controller.signal);
    if (seq !== latest.current) return; // a newer text was typed meanwhile
    inFlight.current = null;
    const list = answer.ok && Array.isArray(answer.body?.data?.results) ? answer.body.data.results : [];
    setResults(list.map(({ id, title, url }) => ({ id, title, url })));
    setActive(-1);
    setOpen(true);
  };

  const change = (value: string) => {
    setText(value);
    cancel();
    const seq = latest.current;
    if (!value.trim()) {
      setResults(null);
      setOpen(false);
      return;
    }
    timer.current = setTimeout(() => void search(value.trim(), seq), CITY_DEBOUNCE_MS);
  };

  const choose = (city: CityChoice) => {
    cancel();
    setText(city.title);
    setOpen(false);
    setResults(null);
    setActive(-1);
    onSelect(city);
  };

  const expanded = open && !!results && results.length > 0;
  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const count = results?.length ?? 0;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!count) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (!expanded ? (step === 1 ? 0 : count - 1) : (i + step + count) % count));
    } else if (e.key === 'Enter') {
      if (expanded && active >= 0 && results?.[active]) {
        e.preventDefault();
        choose(results[active]);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        // Closes the list only; the parent (an overlay) sees the event as handled.
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  };

  return (
    <div className={`city-autocomplete${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        type="text"
        name={name}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-opt-${active}` : undefined}
        placeholder={placeholder}
        title={placeholder}
        required={required}
        spellCheck={false}
        value={text}
        onChange={(e) => change(e.target.value)}
        onKeyDown={keyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => {
          if (results?.length) setOpen(true);
        }}
      />
      {/* The APG combobox pattern on a list: ARIA in HTML allows role=listbox on <ul> and role=option on <li>. The options are
          never focused (focus stays in the input, which points at the active one with aria-activedescendant), and the
          keyboard way to choose one is Enter in the input. */}
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: listbox on <ul> is valid (see above) */}
      <ul id={listId} role="listbox" aria-label={label} hidden={!expanded}>
        {expanded &&
          results.map((city, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: the input holds focus and keys (see above)
            <li
              key={city.id}
              id={`${id}-opt-${i}`}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: option on <li> is valid (see above)
              role="option"
              aria-selected={i === active}
              // Keeps the focus in the input, so the choice is made before the input's blur closes the list.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(city)}
            >
              {city.title}
            </li>
          ))}
      </ul>
      <p className="visually-hidden" role="status">
        {open && results ? (results.length ? t('city.found', { count: results.length }) : t('city.nothing')) : ''}
      </p>
      {open && results?.length === 0 && (
        <p className="city-autocomplete__empty" aria-hidden="true">
          {t('city.nothing')}
        </p>
      )}
    </div>
  );
}

/**
 * Colour mode (spec §3): system, light or dark, kept in localStorage. A small inline script in <head> applies
 * the stored choice before the first paint (no flash of the wrong mode); it carries the request's CSP nonce,
 * which only the server knows (NonceContext is provided by the server render alone: browsers hide nonces
 * after load, so the nonce never enters client state).
 */
import { createContext, useContext, useEffect, useState } from 'react';
import { useMatches } from 'react-router-dom';
import type { ForcedColorMode, RouteHandle } from '../shared/routes.ts';
import { Icon } from './components/icons.tsx';
import { useTranslation } from './i18n.tsx';

export const COLOR_MODES = ['system', 'light', 'dark'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];
export const COLOR_MODE_KEY = 'color-mode';

export const NonceContext = createContext<string | undefined>(undefined);

/** Sets data-theme and color-scheme on <html> from a mode ('system' follows the OS). */
function applyColorMode(mode: string | null) {
  const dark = mode === 'dark' || (mode !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}

/** The mode the deepest matched route forces (its handle.colorMode), if any. */
export function useForcedColorMode(): ForcedColorMode | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const forced = (matches[i]!.handle as RouteHandle | undefined)?.colorMode;
    if (forced) return forced;
  }
  return undefined;
}

/**
 * Keeps <html> in the forced mode while such a page is shown, and back in the visitor's mode after it.
 * (The first paint is handled by the head script, which reads data-force-theme.)
 */
export function useApplyForcedColorMode(forced: ForcedColorMode | undefined) {
  useEffect(() => applyColorMode(forced ?? storedMode()), [forced]);
}

/**
 * applyColorMode(forced mode ?? stored mode) as a literal, so server and browser render the same text whatever their
 * compilers do to function source.
 */
const HEAD_SCRIPT =
  '(function(){var m=null;try{m=localStorage.getItem(' +
  JSON.stringify(COLOR_MODE_KEY) +
  ')}catch(e){}var r=document.documentElement;m=r.dataset.forceTheme||m;' +
  'var d=m==="dark"||(m!=="light"&&window.matchMedia("(prefers-color-scheme: dark)").matches);' +
  'r.dataset.theme=d?"dark":"light";r.style.colorScheme=d?"dark":"light"})()';

/** The inline head script. Its nonce differs per request and is hidden by browsers: no hydration warning. */
export function ColorModeScript() {
  const nonce = useContext(NonceContext);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: HEAD_SCRIPT is a module constant (its one input, COLOR_MODE_KEY, JSON-encoded)
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />;
}

function storedMode(): ColorMode {
  try {
    const value = localStorage.getItem(COLOR_MODE_KEY);
    return (COLOR_MODES as readonly string[]).includes(value ?? '') ? (value as ColorMode) : 'system';
  } catch {
    return 'system';
  }
}

/**
 * One toggle button, "Тёмная тема" (aria-pressed). Until the shopper presses it the page follows the system
 * ('system', the default); a press switches to the other mode than the one shown. A choice equal to what the
 * system says is stored as 'system' again: two presses bring the shopper back to following the system.
 * The icon (CSS, from <html data-theme>) shows the mode a press leads to: a moon on light pages, a sun on dark ones.
 * The server renders it unpressed; the stored choice is read after hydration. Without JavaScript the button is
 * hidden (styles.css: no data-theme on <html>) and the page follows the system through CSS alone
 * (client/build/no-script-dark-mode.ts). On a page that forces a mode it is disabled and shows that mode.
 */
export function ColorModeToggle() {
  const { t } = useTranslation();
  const forced = useForcedColorMode();
  // null until read from storage after hydration (the server knows neither the storage nor the system).
  const [mode, setMode] = useState<ColorMode | null>(null);
  const [systemDark, setSystemDark] = useState(false);
  useEffect(() => {
    setMode(storedMode());
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => setSystemDark(query.matches);
    follow();
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: systemDark is the trigger (the OS changed its mode), not a value read
  useEffect(() => {
    // Follow the OS while on "system" (and not on a page that forces a mode).
    if (mode === 'system' && !forced) applyColorMode('system');
  }, [mode, forced, systemDark]);
  const dark = forced ? forced === 'dark' : mode === 'dark' || (mode === 'system' && systemDark);
  const toggle = () => {
    const next: ColorMode = dark ? 'light' : 'dark';
    const stored: ColorMode = (next === 'dark') === systemDark ? 'system' : next;
    setMode(stored);
    try {
      localStorage.setItem(COLOR_MODE_KEY, stored);
    } catch {
      // private mode without storage: the choice lasts for this page
    }
    applyColorMode(stored);
  };
  return (
    <button
      type="button"
      className="color-mode"
      aria-pressed={dark}
      disabled={forced !== undefined}
      title={forced ? t('colorMode.forced') : t('colorMode.toggle')}
      onClick={toggle}
    >
      <Icon name="moon" className="color-mode__moon" />
      <Icon name="sun" className="color-mode__sun" />
      <span className="visually-hidden">{t('colorMode.toggle')}</span>
    </button>
  );
}

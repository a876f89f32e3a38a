/**
 * Colour mode (spec §3): system, light or dark, kept in localStorage. A small inline script in <head> applies
 * the stored choice before the first paint (no flash of the wrong mode); it carries the request's CSP nonce,
 * which only the server knows (NonceContext is provided by the server render alone: browsers hide nonces
 * after load, so the nonce never enters client state).
 */
import { createContext, useContext, useEffect, useState } from 'react';
import { useMatches } from 'react-router-dom';
import type { ForcedColorMode, RouteHandle } from '../shared/routes.ts';
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
 * Three radio buttons. The server renders "system"; the stored choice is read after hydration. On a page that
 * forces a mode the switch is disabled (the visitor's choice is kept for the other pages).
 */
export function ColorModeSwitch() {
  const { t } = useTranslation();
  const forced = useForcedColorMode();
  const [mode, setMode] = useState<ColorMode>('system');
  useEffect(() => setMode(storedMode()), []);
  useEffect(() => {
    if (mode !== 'system' || forced) return;
    // Follow the OS while on "system".
    const query = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => applyColorMode('system');
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [mode, forced]);
  const choose = (next: ColorMode) => {
    setMode(next);
    try {
      localStorage.setItem(COLOR_MODE_KEY, next);
    } catch {
      // private mode without storage: the choice lasts for this page
    }
    applyColorMode(next);
  };
  return (
    <fieldset className="color-mode" disabled={forced !== undefined} title={forced ? t('colorMode.forced') : undefined}>
      <legend className="visually-hidden">{t('colorMode.label')}</legend>
      {COLOR_MODES.map((m) => (
        <label key={m}>
          <input type="radio" name="color-mode" value={m} checked={(forced ?? mode) === m} onChange={() => choose(m)} />
          {t(`colorMode.${m}`)}
        </label>
      ))}
    </fieldset>
  );
}

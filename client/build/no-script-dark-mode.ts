/**
 * Dark mode without JavaScript. The styles say `[data-theme='dark'] …`, and the head script sets data-theme before
 * the first paint (client/color-mode.tsx). A visitor without JavaScript never gets the attribute, so this PostCSS
 * step (run by Vite on every stylesheet) repeats each dark rule under `@media (prefers-color-scheme: dark)` for a
 * page whose <html> has no data-theme and forces no light mode: the operating system's choice then applies.
 * One place, so every stylesheet written with `[data-theme='dark']` gets it for free.
 */
import type { AtRule, Plugin, Root, Rule } from 'postcss';

const DARK_ATTRIBUTE = /\[data-theme=(['"]?)dark\1\]/g;
/** <html> as the head script left it untouched: no theme chosen, no light mode forced (receipts). */
export const NO_SCRIPT_ROOT = ":root:not([data-theme]):not([data-force-theme='light'])";

export function noScriptDarkMode(): Plugin {
  return {
    postcssPlugin: 'no-script-dark-mode',
    Once(root: Root, { AtRule: makeAtRule }) {
      const copies: Rule[] = [];
      root.walkRules((rule) => {
        if (!DARK_ATTRIBUTE.test(rule.selector)) return;
        DARK_ATTRIBUTE.lastIndex = 0;
        // Rules already inside an at-rule (a media query of their own) keep their meaning only there: skipped.
        if (rule.parent && rule.parent.type === 'atrule') return;
        const copy = rule.clone();
        copy.selectors = rule.selectors.map((selector) => selector.replace(DARK_ATTRIBUTE, NO_SCRIPT_ROOT));
        copies.push(copy);
      });
      if (!copies.length) return;
      const media: AtRule = new makeAtRule({ name: 'media', params: '(prefers-color-scheme: dark)' });
      media.append(copies);
      root.append(media);
    },
  };
}

/**
 * <html data-app="failed"> once the shop's own script cannot start: its entry or a chunk did not load (caught by an
 * inline head script, before any module runs), or start-up gave up (client/entry-client.tsx). The styles then treat
 * the page as one without script (styles.css): forms show their submit buttons again (.without-script) and controls
 * that need script are hidden (.needs-script), so the server's HTML stays usable.
 */
import { useContext } from 'react';
import { NonceContext } from '../color-mode.tsx';

const FAILED = 'failed';

export function markAppFailed(): void {
  document.documentElement.dataset.app = FAILED;
}

/** A script element of this site's build (/assets/) that fails to load marks the page, whatever loads it. */
const HEAD_SCRIPT =
  '(function(){var o=location.origin+"/assets/";addEventListener("error",function(e){var t=e.target;' +
  `if(t&&t.tagName==="SCRIPT"&&t.src.indexOf(o)===0)document.documentElement.dataset.app=${JSON.stringify(FAILED)}},true)})()`;

/** The inline head script. Its nonce differs per request and is hidden by browsers: no hydration warning. */
export function AppFailureScript() {
  const nonce = useContext(NonceContext);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: HEAD_SCRIPT is a module constant
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />;
}

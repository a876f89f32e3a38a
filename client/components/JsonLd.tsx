/**
 * Structured data as <script type="application/ld+json">. The JSON is escaped for an inline script
 * (shared/serialize.ts: no "</script>" can appear whatever a product is called) and carries the request's CSP
 * nonce, which only the server knows (browsers hide it after load: no hydration warning).
 */
import { useContext } from 'react';
import { jsonForScript } from '../../shared/serialize.ts';
import { NonceContext } from '../color-mode.tsx';

export function JsonLd({ data }: { data: unknown }) {
  const nonce = useContext(NonceContext);
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: jsonForScript (shared/serialize.ts) escapes < > & and U+2028/9: no way out of the script
    <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
  );
}

/** Renders a widget's HTML. The server sanitised it with an allowlist (server/content/widgets.ts). */
export function WidgetHtml({ html, className }: { html: string; className?: string }) {
  if (!html) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server by sanitizeWidgetHtml (server/content/widgets.ts, an allowlist)
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

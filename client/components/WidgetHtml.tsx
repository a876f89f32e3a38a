/** Renders a widget's HTML. The server sanitised it with an allowlist (server/services/widgets.ts). */
export function WidgetHtml({ html, className }: { html: string; className?: string }) {
  if (!html) return null;
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

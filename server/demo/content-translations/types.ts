/** The demo's info pages and FAQ in one language other than Russian and English (issue 20, item 2). */
export interface ContentTranslation {
  /** Content files (Markdown with front matter, the format of server/demo/demo-content-pages.ts), `language:` set. */
  pages: string[];
  /** The FAQ: [slug, question, answer] by the Russian entries' slugs, in their order. */
  faq: Array<[slug: string, question: string, answer: string]>;
}

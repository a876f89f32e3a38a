/** The public face of server/content/: what the rest of the server imports from it. */

export { type ContentEntry, ContentService, type ContentTeaser, saveContent } from './content.ts';
export { CONTENT_KINDS, ContentDesk, type ContentDraft, type ContentRow, type ContentSaveResult } from './content-desk.ts';
export { type ContentKind, parseContentFile, probeImageSize } from './content-files.ts';
export { type ContentImage, focusableTables, localizeLinks, readingMinutes } from './content-markdown.ts';
export { WIDGET_CODES, WidgetService, type Widgets } from './widgets.ts';

/**
 * Form parts several staff editors share: the error line above a form, and the texts of a catalogue entry (product,
 * category, kit) — the Russian ones, the catalogue's own columns, and one foldable block per other language
 * (decision 048), named `title_<lang>` / `description_<lang>` as the routes' schemas read them.
 */
import type { Language } from '../../../shared/languages.ts';
import { type CsvPlan, errorCount, TRANSLATED_LANGUAGES } from '../../catalog/index.ts';

export type TextsByLanguage = Partial<Record<Exclude<Language, 'ru'>, { title: string; description: string }>>;

export function ErrorNotice({ error }: { error?: string }) {
  return error ? (
    <p className="staff-notice staff-notice-error" role="alert">
      {error}
    </p>
  ) : null;
}

/** The Russian title and description (the catalogue's own columns; every other language falls back to them). */
export function RussianTexts({ title, description }: { title: string; description: string }) {
  return (
    <fieldset className="staff-lang" lang="ru">
      <legend>Русский (основной)</legend>
      <label>
        Название
        <input name="title" required maxLength={300} defaultValue={title} />
      </label>
      <label>
        Описание
        <textarea name="description" rows={4} maxLength={10000} defaultValue={description} />
      </label>
    </fieldset>
  );
}

/** One block per language other than Russian; an empty title removes that language's translation. */
export function TranslationFields({ translations }: { translations: TextsByLanguage }) {
  return (
    <>
      {TRANSLATED_LANGUAGES.map((language) => (
        <details key={language} className="staff-lang" open={!!translations[language]}>
          <summary>
            {language}
            {translations[language] ? '' : ' — нет перевода (покупатели видят русский)'}
          </summary>
          <label>
            Название
            <input name={`title_${language}`} maxLength={300} defaultValue={translations[language]?.title} lang={language} />
          </label>
          <label>
            Описание
            <textarea
              name={`description_${language}`}
              rows={3}
              maxLength={10000}
              defaultValue={translations[language]?.description}
              lang={language}
            />
          </label>
        </details>
      ))}
    </>
  );
}

/** Rows of a CSV import's errors or changes a result page lists; the rest are counted. */
export const IMPORT_ROWS_SHOWN = 500;

/** A CSV import's errors by line (the first IMPORT_ROWS_SHOWN of those kept), and how many more there were. */
export function ImportErrors({ plan }: { plan: CsvPlan }) {
  if (plan.errors.length === 0) return null;
  const shown = Math.min(IMPORT_ROWS_SHOWN, plan.errors.length);
  return (
    <>
      <h2>Ошибки</h2>
      <ul className="staff-errors">
        {plan.errors.slice(0, shown).map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row may have the same complaint twice; the list never reorders
          <li key={i}>
            строка {e.line}: {e.message}
          </li>
        ))}
      </ul>
      {errorCount(plan) > shown && <p className="staff-muted">…и ещё {errorCount(plan) - shown}.</p>}
    </>
  );
}

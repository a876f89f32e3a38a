/** The shape shared by every locale file: nested string tables (plural forms as key_one, key_few, … per Intl.PluralRules). */
export type LocaleMessages = { [key: string]: string | LocaleMessages };

/** The shape of the demo catalogue's texts in one language other than Russian (decision 048). */
export interface DemoText {
  title: string;
  description: string;
}

export interface LanguageTexts {
  /** Category slug → its texts. */
  categories: Record<string, DemoText>;
  /** Product SKU → its texts. */
  products: Record<string, DemoText>;
  /** Kit slug → its texts. */
  kits: Record<string, DemoText>;
  /** Attribute key ('adhesive', 'material', 'unit') → the Russian value as the demo writes it → its text. */
  attributeValues: Record<string, Record<string, string>>;
}

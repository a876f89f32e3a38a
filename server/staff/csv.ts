/**
 * CSV cells a spreadsheet must not run (OWASP "CSV injection"): a cell starting with =, +, -, @, a tab or a carriage
 * return is a formula to Excel, LibreOffice and Google Sheets — an order's name field typed as =HYPERLINK(…) would run
 * on the manager's computer. Such a cell gets a leading apostrophe, which the spreadsheet shows as text and hides.
 * A plain negative number ("-12.50") is left alone: it is data, not a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(?:[.,]\d+)?$/;

export function neutraliseFormula(cell: string): string {
  return FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell) ? `'${cell}` : cell;
}

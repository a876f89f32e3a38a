/** The public face of server/calculator/: what the rest of the server imports from it. */
export { CalculatorService } from './calculator.ts';
export {
  ANY_ZONE,
  CALC_CODE,
  CALC_SKU,
  type CalcApplyResult,
  type CalcChange,
  type CalcExample,
  type CalcTables,
  CalculatorDesk,
  type ExampleTotals,
  MAX_CHOICES,
  MAX_TIER_TITLE,
} from './calculator-desk.ts';
export {
  CALC_ROW_KINDS,
  CALC_TRANSLATED_LANGUAGES,
  CAR_SLUG,
  type CalcCarChange,
  type CalcRowChange,
  type CalcRowKind,
  MAX_CAR_NAME,
  MAX_ROW_TITLE,
  MAX_SORT,
} from './calculator-structure.ts';

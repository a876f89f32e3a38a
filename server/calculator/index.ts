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

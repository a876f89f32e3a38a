/** The public face of server/calculator/: what the rest of the server imports from it. */
export { CalculatorService } from './calculator.ts';

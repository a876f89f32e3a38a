import { formatMoney } from '../../shared/format.ts';
import { useBoot } from '../boot.ts';

export function Price({ amount, currency }: { amount: number; currency: string }) {
  const { language } = useBoot();
  return <span className="price">{formatMoney(amount, currency, language)}</span>;
}

/**
 * Names of the calculator's codes in the visitor's language: the locale's name of a known code (calc.zone.roof …),
 * else the owner's title from the database (a zone or tier the owner added has no translation yet).
 */
import type { CalcModel, Named } from '../../../shared/calculator.ts';
import { useTranslation } from '../../i18n.tsx';

export type Kind = 'body' | 'zone' | 'layer' | 'tier' | 'group';

export function useNames(model: CalcModel) {
  const { t, i18n } = useTranslation();
  const lists: Record<Exclude<Kind, 'group'>, Named[]> = { body: model.bodies, zone: model.zones, layer: model.layers, tier: model.tiers };
  const name = (kind: Kind, code: string): string => {
    const key = `calc.${kind}.${code}`;
    if (i18n.exists(key)) return t(key);
    if (kind === 'group') return name('zone', model.zones.find((z) => z.group === code)?.code ?? code);
    return lists[kind].find((item) => item.code === code)?.title ?? code;
  };
  const carName = (slug: string | null): string | null => {
    const car = slug ? model.cars.find((c) => c.slug === slug) : undefined;
    return car ? `${car.make} ${car.model}` : null;
  };
  return { name, carName };
}

/** Zones by group, in the model's order: [group, zone codes]. */
export function zoneGroups(model: CalcModel): Array<[string, string[]]> {
  const groups = new Map<string, string[]>();
  for (const zone of model.zones) groups.set(zone.group, [...(groups.get(zone.group) ?? []), zone.code]);
  return [...groups];
}

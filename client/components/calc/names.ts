/**
 * Names of the calculator's codes in the visitor's language (decision 048): the database's title of the row in that
 * language (calc_translations; in Russian the row's own title, which the back office edits), else the locale's name of
 * a known code (calc.zone.roof …: the demo's tables), else the owner's Russian title — which `nameLang` reports as
 * 'ru', so the element showing it is marked lang="ru".
 */
import type { CalcModel, Named } from '../../../shared/calculator.ts';
import { useTranslation } from '../../i18n.tsx';

export type Kind = 'body' | 'zone' | 'layer' | 'tier' | 'group';

export function useNames(model: CalcModel) {
  const { t, i18n } = useTranslation();
  const russian = i18n.language === 'ru';
  const lists: Record<Exclude<Kind, 'group'>, Named[]> = { body: model.bodies, zone: model.zones, layer: model.layers, tier: model.tiers };
  const rowOf = (kind: Kind, code: string): Named | undefined =>
    kind === 'group' ? undefined : lists[kind].find((item) => item.code === code);
  const resolve = (kind: Kind, code: string): { text: string; lang?: 'ru' } => {
    const key = `calc.${kind}.${code}`;
    const row = rowOf(kind, code);
    if (row?.translated) return { text: row.title };
    if (i18n.exists(key)) return { text: t(key) };
    if (kind === 'group') return resolve('zone', model.zones.find((z) => z.group === code)?.code ?? code);
    if (!row) return { text: code };
    return russian ? { text: row.title } : { text: row.title, lang: 'ru' };
  };
  const name = (kind: Kind, code: string): string => resolve(kind, code).text;
  /** 'ru' when the name shown is the Russian fallback (mark the element), else undefined. */
  const nameLang = (kind: Kind, code: string): 'ru' | undefined => resolve(kind, code).lang;
  const carName = (slug: string | null): string | null => {
    const car = slug ? model.cars.find((c) => c.slug === slug) : undefined;
    return car ? `${car.make} ${car.model}` : null;
  };
  return { name, nameLang, carName };
}

/** Zones by group, in the model's order: [group, zone codes]. */
export function zoneGroups(model: CalcModel): Array<[string, string[]]> {
  const groups = new Map<string, string[]>();
  for (const zone of model.zones) groups.set(zone.group, [...(groups.get(zone.group) ?? []), zone.code]);
  return [...groups];
}

/**
 * The car seen from the side and from above (a cut-away plan: the floor, the boot, the three layers of each door),
 * inline SVG, each treatable zone a shape. Interactive (the constructor): a zone is a link to the same page with the
 * zone toggled — it works without script — and, hydrated, a checkbox (role, aria-checked, Space and Enter) that
 * toggles in place; its name is its accessible name and, on hover, its tooltip. Otherwise (the calculator) the
 * picture only shows the chosen zones, hidden from screen readers (the list of zones says the same).
 */
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useTranslation } from '../../i18n.tsx';

type Shapes = ReactNode;

/** Side view, viewBox 0 0 400 170. */
const SIDE: Record<string, Shapes> = {
  hood: <polygon points="38,80 120,70 125,80 41,91" />,
  roof: <polygon points="170,33 258,33 263,42 165,42" />,
  'boot-lid': <polygon points="300,67 370,73 373,83 302,77" />,
  'arches-out': (
    <>
      <path d="M63 122 A32 32 0 0 1 127 122 L119 122 A24 24 0 0 0 71 122 Z" />
      <path d="M278 122 A32 32 0 0 1 342 122 L334 122 A24 24 0 0 0 286 122 Z" />
    </>
  ),
};

/** Top view (cut away), viewBox 0 0 400 170. */
const TOP: Record<string, Shapes> = {
  firewall: <rect x="119" y="34" width="10" height="102" rx="2" />,
  floor: <rect x="134" y="46" width="150" height="78" rx="6" />,
  boot: <rect x="292" y="40" width="74" height="90" rx="8" />,
  'door-skin': (
    <>
      <rect x="136" y="16" width="148" height="7" rx="2" />
      <rect x="136" y="147" width="148" height="7" rx="2" />
    </>
  ),
  'door-inner': (
    <>
      <rect x="136" y="25" width="148" height="7" rx="2" />
      <rect x="136" y="138" width="148" height="7" rx="2" />
    </>
  ),
  'door-trim': (
    <>
      <rect x="136" y="34" width="148" height="7" rx="2" />
      <rect x="136" y="129" width="148" height="7" rx="2" />
    </>
  ),
  'arches-in': (
    <>
      <ellipse cx="314" cy="47" rx="20" ry="9" />
      <ellipse cx="314" cy="123" rx="20" ry="9" />
    </>
  ),
};

export interface CarPictureProps {
  chosen: readonly string[];
  /** Name of a zone (its accessible name and tooltip). */
  name: (zone: string) => string;
  /** The zones the model knows (a shape for an unknown zone is not drawn). */
  zones: readonly string[];
  /** Interactive: the address of the page with a zone toggled, and the toggle itself. */
  toggle?: { href: (zone: string) => string; onToggle: (zone: string) => void };
}

export function CarPicture({ chosen, name, zones, toggle }: CarPictureProps) {
  const { t } = useTranslation();
  const zone = (code: string, shapes: Shapes) => {
    if (!zones.includes(code)) return null;
    const on = chosen.includes(code);
    const className = `car-zone${on ? ' car-zone--on' : ''}`;
    if (!toggle) {
      return (
        <g key={code} className={className}>
          {shapes}
        </g>
      );
    }
    const activate = (e: MouseEvent | KeyboardEvent) => {
      e.preventDefault();
      toggle.onToggle(code);
    };
    return (
      // biome-ignore lint/a11y/useSemanticElements: an SVG link acting as a checkbox works without script and is focusable; <input> cannot live in SVG
      <a
        key={code}
        href={toggle.href(code)}
        role="checkbox"
        aria-checked={on}
        aria-label={name(code)}
        className={className}
        data-zone={code}
        onClick={activate}
        onKeyDown={(e) => {
          if (e.key === ' ') activate(e);
        }}
      >
        <title>{name(code)}</title>
        {shapes}
      </a>
    );
  };
  const views = (
    <>
      <figure className="car-view">
        <svg
          viewBox="0 0 400 170"
          className="car-svg"
          role={toggle ? 'group' : undefined}
          aria-label={toggle ? t('calc.sideView') : undefined}
        >
          <path
            className="car-body"
            d="M18 120 L18 96 Q20 83 38 79 L120 69 L160 37 Q166 32 176 32 L254 32 Q264 32 270 39 L300 66 L368 72 Q382 74 382 90 L382 120 Z"
          />
          <polygon className="car-glass" points="166,44 205,44 205,66 140,66" />
          <polygon className="car-glass" points="210,44 260,44 286,66 210,66" />
          <line className="car-line" x1="207" y1="40" x2="207" y2="112" />
          <line className="car-line" x1="132" y1="70" x2="132" y2="112" />
          <line className="car-line" x1="290" y1="68" x2="286" y2="112" />
          <circle className="car-wheel" cx="95" cy="122" r="21" />
          <circle className="car-wheel" cx="310" cy="122" r="21" />
          {Object.entries(SIDE).map(([code, shapes]) => zone(code, shapes))}
        </svg>
        <figcaption>{t('calc.sideView')}</figcaption>
      </figure>
      <figure className="car-view">
        <svg
          viewBox="0 0 400 170"
          className="car-svg"
          role={toggle ? 'group' : undefined}
          aria-label={toggle ? t('calc.topView') : undefined}
        >
          <rect className="car-wheel" x="78" y="8" width="36" height="12" rx="4" />
          <rect className="car-wheel" x="78" y="150" width="36" height="12" rx="4" />
          <rect className="car-wheel" x="294" y="8" width="36" height="12" rx="4" />
          <rect className="car-wheel" x="294" y="150" width="36" height="12" rx="4" />
          <rect className="car-body" x="18" y="13" width="364" height="144" rx="42" />
          <line className="car-line" x1="60" y1="85" x2="112" y2="85" />
          {Object.entries(TOP).map(([code, shapes]) => zone(code, shapes))}
        </svg>
        <figcaption>{t('calc.topView')}</figcaption>
      </figure>
    </>
  );
  return toggle ? (
    <div className="car-picture">{views}</div>
  ) : (
    <div className="car-picture" aria-hidden="true">
      {views}
    </div>
  );
}
